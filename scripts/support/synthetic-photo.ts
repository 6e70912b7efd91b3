// Synthetic photographs for fixtures and the image benchmark: no binary files to keep, same bytes every run.

/** A seeded generator, so regenerating gives the same bytes. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

/** RGB pixels that look roughly like a brick wall in daylight: gradients, edges and sensor noise for the encoders. */
export function brickWall(width: number, height: number, seed = 1): Buffer {
  const next = random(seed);
  const pixels = Buffer.alloc(width * height * 3);
  const course = Math.max(8, Math.round(height / 40));
  const brick = course * 3;
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / course);
    const shift = row % 2 ? brick / 2 : 0;
    for (let x = 0; x < width; x++) {
      const mortar = y % course < 2 || (x + shift) % brick < 2;
      const light = 0.75 + 0.25 * Math.sin(x / (width / 7)) * Math.cos(y / (height / 6));
      const noise = (next() - 0.5) * 24;
      const base = mortar ? [200, 195, 185] : [165 + 30 * Math.sin((x + shift) / 37 + row), 85, 60];
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, (base[c] ?? 0) * light + noise));
    }
  }
  return pixels;
}
