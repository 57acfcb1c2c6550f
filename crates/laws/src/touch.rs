//! Article 4: what a player who touched pieces must now do.
