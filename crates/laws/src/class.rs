//! The kind of game by its time control: standard, rapid or blitz
//! (Appendices A.1 and B.1). It decides the time added for an incorrect
//! claim or an illegal move (7.5.5, 9.5.3, A.3).

/// Standard, rapid or blitz play; standard where nothing says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameClass {
    #[default]
    Standard,
    /// Appendix A: more than 10 and less than 60 minutes (base + 60 × increment).
    Rapid,
    /// Appendix B: 10 minutes or less (base + 60 × increment).
    Blitz,
}

/// How closely the arbiters watch rapid and blitz games; event regulations
/// choose it for the whole event (A.6, B.4). It does not matter in standard play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Supervision {
    /// A.4 / B.2: an arbiter per three games (one in blitz), every game recorded:
    /// the full Competition Rules apply.
    Full,
    /// A.5 / B.3, the usual case.
    #[default]
    Limited,
}

impl GameClass {
    /// By FIDE's thresholds on base time plus 60 times the increment, both in seconds.
    ///
    /// ```
    /// use laws::GameClass;
    /// assert_eq!(GameClass::from_seconds(900, 10), GameClass::Rapid);     // 15+10: 25 min
    /// assert_eq!(GameClass::from_seconds(3000, 10), GameClass::Standard); // 50+10: exactly 60
    /// assert_eq!(GameClass::from_seconds(600, 0), GameClass::Blitz);      // 10+0
    /// assert_eq!(GameClass::from_seconds(480, 3), GameClass::Rapid);      // 8+3: 11 min
    /// ```
    pub fn from_seconds(base: u64, increment: u64) -> GameClass {
        let total = base.saturating_add(increment.saturating_mul(60));
        if total <= 600 {
            GameClass::Blitz
        } else if total < 3600 {
            GameClass::Rapid
        } else {
            GameClass::Standard
        }
    }

    /// Reads a PGN `TimeControl` tag (see [`crate::time_control`]). `None`
    /// for `?`, `-` or anything unreadable: the caller decides the default.
    pub fn from_time_control(tag: &str) -> Option<GameClass> {
        crate::time_control::TimeControl::parse(tag)
            .ok()
            .and_then(|tc| tc.class())
    }

    /// Seconds added to the opponent for an incorrect claim (9.5.3) or a first
    /// illegal move (7.5.5): two minutes, one in rapid (A.3) and in blitz
    /// under B.3. Blitz under full supervision (B.2) does not import A.3, so
    /// the literal reading keeps two minutes (the digest's open question).
    pub fn penalty_seconds(self, supervision: Supervision) -> u32 {
        match (self, supervision) {
            (GameClass::Standard, _) | (GameClass::Blitz, Supervision::Full) => 120,
            (GameClass::Rapid, _) | (GameClass::Blitz, Supervision::Limited) => 60,
        }
    }

    /// The articles that make the penalty one minute, cited beside 7.5.5 or
    /// 9.5.3: A.3 in rapid; in blitz under B.3, B.3 and the A.3 it imports.
    /// None where the penalty is the two minutes of the articles themselves.
    pub fn penalty_articles(self, supervision: Supervision) -> &'static [crate::Article] {
        use crate::Article;
        match (self, supervision) {
            (GameClass::Standard, _) | (GameClass::Blitz, Supervision::Full) => &[],
            (GameClass::Rapid, _) => &[Article::RAPID_PENALTY],
            (GameClass::Blitz, Supervision::Limited) => {
                &[Article::BLITZ_RULES, Article::RAPID_PENALTY]
            }
        }
    }

    /// Whether an illegal move nobody caught before the opponent's next move
    /// stands (A.5.2, and B.3 by reference): rapid and blitz without full
    /// supervision.
    pub fn illegal_moves_stand(self, supervision: Supervision) -> bool {
        self != GameClass::Standard && supervision == Supervision::Limited
    }

    pub fn name(self) -> &'static str {
        match self {
            GameClass::Standard => "standard",
            GameClass::Rapid => "rapid",
            GameClass::Blitz => "blitz",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_control_tags() {
        assert_eq!(
            GameClass::from_time_control("300+3"),
            Some(GameClass::Blitz)
        );
        assert_eq!(
            GameClass::from_time_control("900+10"),
            Some(GameClass::Rapid)
        );
        assert_eq!(
            GameClass::from_time_control("180+2"),
            Some(GameClass::Blitz)
        );
        assert_eq!(
            GameClass::from_time_control("40/7200:3600"),
            Some(GameClass::Standard)
        );
        assert_eq!(
            GameClass::from_time_control("40/5400+30:1800+30"),
            Some(GameClass::Standard)
        );
        assert_eq!(GameClass::from_time_control("?"), None);
        assert_eq!(GameClass::from_time_control("-"), None);
        assert_eq!(GameClass::from_time_control("*180"), Some(GameClass::Blitz));
        // In words: an hour for the game is standard play (A.1: 60 minutes or more).
        assert_eq!(
            GameClass::from_time_control("1 hour"),
            Some(GameClass::Standard)
        );
        assert_eq!(GameClass::from_time_control("an hour"), None);
    }
}
