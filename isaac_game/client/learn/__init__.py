"""Learn to play: lessons (guided first games), puzzles and the progress kept between runs."""
