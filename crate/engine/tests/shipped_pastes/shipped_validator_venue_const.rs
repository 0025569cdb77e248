// Modelled on Keats/validator README.md: the constructs as written there, in our own words.
use serde::Deserialize;
use validator::{Validate, ValidateArgs, ValidationError};

pub mod forms {
    use super::*;

    pub struct Venue {
        pub capacity: u32,
        pub min_age: u8,
    }

    /// The only room bookings go to for now.
    pub const MAIN_HALL: Venue = Venue {
        capacity: 240,
        min_age: 16,
    };

    fn fits_hall(seats: u32, venue: &Venue) -> Result<(), ValidationError> {
        if seats > venue.capacity {
            return Err(ValidationError::new("over_capacity"));
        }
        Ok(())
    }

    fn old_enough(age: u8, venue: &Venue) -> Result<(), ValidationError> {
        if age < venue.min_age {
            return Err(ValidationError::new("under_age"));
        }
        Ok(())
    }

    #[derive(Debug, Deserialize, Validate)]
    #[validate(context = Venue)]
    pub struct BookSeats {
        #[validate(length(min = 1, max = 60))]
        pub party_name: String,
        #[validate(range(min = 1), custom(function = "fits_hall", use_context))]
        pub seats: u32,
        #[validate(custom(function = "old_enough", use_context))]
        pub youngest_age: u8,
    }
}
