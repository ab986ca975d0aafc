"""tilerooms: an online tile-game site (숫자 타일, 리치 마작) built on Reflex."""
