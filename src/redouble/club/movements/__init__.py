"""Movement generators, published movements as data, and the cards that tell players where to go."""
