//! The kind of game by its time control: standard, rapid or blitz
//! (Appendices A.1 and B.1). It decides the time added for an incorrect
//! claim or an illegal move (7.5.5, 9.5.3, A.3).

/// Standard, rapid or blitz play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameClass {
    Standard,
    /// Appendix A: more than 10 and less than 60 minutes (base + 60 × increment).
    Rapid,
    /// Appendix B: 10 minutes or less (base + 60 × increment).
    Blitz,
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

    /// Reads the first period of a PGN `TimeControl` tag (`300+3`, `5400`,
    /// `40/7200:3600`, `40/5400+30:1800+30`). `None` for `?`, `-`, `*180`
    /// (sandclock) or anything unreadable: the caller decides the default.
    pub fn from_time_control(tag: &str) -> Option<GameClass> {
        let first = tag.trim().split(':').next()?;
        let period = first.split_once('/').map_or(first, |(_, rest)| rest);
        let (base, increment) = period.split_once('+').unwrap_or((period, "0"));
        let base: u64 = base.trim().parse().ok()?;
        let increment: u64 = increment.trim().parse().ok()?;
        Some(GameClass::from_seconds(base, increment))
    }

    /// Seconds added to the opponent for an incorrect claim (9.5.3) or a first
    /// illegal move (7.5.5): two minutes, one in rapid and blitz (A.3, B.3).
    pub fn penalty_seconds(self) -> u32 {
        match self {
            GameClass::Standard => 120,
            GameClass::Rapid | GameClass::Blitz => 60,
        }
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
        assert_eq!(GameClass::from_time_control("*180"), None);
    }
}
