// Modelled on fuiz/game game/logic/src/fuiz/config.rs: the constructs as written there, in our own words.
use garde::Validate;
use serde::{Deserialize, Serialize};

/// Limits the server reads from its config file; the defaults are what ships.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QuizLimits {
    pub max_title: usize,
    pub max_questions: usize,
    pub max_answer_text: usize,
}

impl Default for QuizLimits {
    fn default() -> Self {
        Self {
            max_title: 60,
            max_questions: 50,
            max_answer_text: 40,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[garde(context(QuizLimits as ctx))]
pub enum AnswerContent {
    Picture(#[garde(url)] String),
    Text(#[garde(length(min = 1, max = ctx.max_answer_text))] String),
}

#[derive(Debug, Clone, Serialize, Deserialize, Validate)]
#[garde(context(QuizLimits as ctx))]
pub struct Question {
    #[garde(length(min = 1, max = ctx.max_title))]
    pub prompt: String,
    #[garde(range(min = 5, max = 240))]
    pub seconds: u16,
    #[garde(length(min = 2, max = 6), dive)]
    pub answers: Vec<AnswerContent>,
}

#[derive(Debug, Clone, Serialize, Deserialize, Default, Validate)]
#[garde(context(QuizLimits as ctx))]
pub struct Quiz {
    #[garde(length(max = ctx.max_title))]
    pub title: String,
    #[garde(length(max = ctx.max_questions), dive)]
    pub questions: Vec<Question>,
}

impl Quiz {
    pub fn len(&self) -> usize {
        self.questions.len()
    }
}
