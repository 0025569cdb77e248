// Modelled on krscott/four-dots, src-tauri/src/state.rs: the constructs as written there, in our own words.
use anyhow::anyhow;
use serde::{Deserialize, Serialize};
use serde_repr::{Deserialize_repr, Serialize_repr};
use validator::{Validate, ValidationError};

#[derive(Debug, Copy, Clone, PartialEq, Eq, Serialize_repr, Deserialize_repr)]
#[repr(u8)]
pub enum Slot {
    Empty = 0,
    AmberTile = 1,
    TealTile = 2,
}

#[derive(Debug, Copy, Clone, PartialEq, Eq, Serialize_repr, Deserialize_repr)]
#[repr(u8)]
pub enum Turn {
    Amber = 1,
    Teal = 2,
}

impl From<Turn> for Slot {
    fn from(turn: Turn) -> Self {
        match turn {
            Turn::Amber => Slot::AmberTile,
            Turn::Teal => Slot::TealTile,
        }
    }
}

#[derive(Debug, Clone, Validate, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[validate(schema(function = "check_tray"))]
pub struct Tray {
    #[validate(length(min = 1))]
    slots: Vec<Slot>,
    #[validate(range(min = 1))]
    columns: i32,
    #[validate(range(min = 1))]
    rows: i32,
    to_move: Turn,
}

fn check_tray(tray: &Tray) -> Result<(), ValidationError> {
    if tray.slots.len() as i32 != tray.columns + tray.rows {
        Err(ValidationError::new("slot_count_does_not_match_columns_rows"))
    } else {
        Ok(())
    }
}

impl Tray {
    pub fn new(columns: i32, rows: i32) -> anyhow::Result<Self> {
        Self::check_size(columns, rows)?;

        let count = (columns * rows) as usize;

        Ok(Self {
            slots: vec![Slot::Empty; count],
            columns,
            rows,
            to_move: Turn::Amber,
        })
    }

    fn check_size(columns: i32, rows: i32) -> anyhow::Result<()> {
        if columns <= 0 {
            return Err(anyhow!("columns must be above zero"));
        }
        if rows <= 0 {
            return Err(anyhow!("rows must be above zero"));
        }
        Ok(())
    }

    pub fn reset(&mut self) {
        self.slots.fill(Slot::Empty);
    }

    pub fn to_move(&self) -> Turn {
        self.to_move
    }

    pub fn in_bounds(&self, row: i32, column: i32) -> bool {
        row >= 0 && row < self.rows && column >= 0 && column < self.columns
    }

    fn index_of(&self, row: i32, column: i32) -> anyhow::Result<usize> {
        if self.in_bounds(row, column) {
            Ok((row * self.columns + column) as usize)
        } else {
            Err(anyhow!("Out of the tray"))
        }
    }

    pub fn place(&mut self, row: i32, column: i32, value: Slot) -> anyhow::Result<()> {
        let i = self.index_of(row, column)?;
        self.slots[i] = value;
        Ok(())
    }

    pub fn at(&self, row: i32, column: i32) -> anyhow::Result<Slot> {
        let i = self.index_of(row, column)?;
        Ok(self.slots[i])
    }

    pub fn drop_in_column(&mut self, column: i32) -> anyhow::Result<()> {
        for r in (0..self.rows).rev() {
            if self.at(r, column)? == Slot::Empty {
                self.place(r, column, self.to_move.into())?;
                self.pass_turn();
                return Ok(());
            }
        }
        Err(anyhow!("Column has no room"))
    }

    fn pass_turn(&mut self) {
        self.to_move = match self.to_move {
            Turn::Amber => Turn::Teal,
            Turn::Teal => Turn::Amber,
        };
    }
}
