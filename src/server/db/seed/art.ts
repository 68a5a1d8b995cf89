import { createRng, type Rng } from './prng';

/**
 * Illustrations for the demo data, drawn as SVG in code so that the seed needs no network and no binary
 * assets in the repository. Every scene takes a seed: the same seed always gives the same picture, and
 * different seeds vary palette, shapes and composition. The canvas is 1200×800 (3:2); the renderer
 * scales it to the sizes the catalogue uses.
 */
export const W = 1200;
export const H = 800;

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

/** Linear blend of two colours: t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/** Nudges a colour by a small random amount so that repeated shapes do not look stamped. */
function jitter(rng: Rng, hex: string, amount = 14): string {
  const [r, g, b] = hexToRgb(hex);
  const d = () => rng.range(-amount, amount);
  return rgbToHex([r + d(), g + d(), b + d()]);
}

const f = (n: number) => Math.round(n * 10) / 10;

/** A smooth closed path through the points (Catmull-Rom turned into cubic Béziers), closed to the bottom. */
function ridgePath(points: Array<[number, number]>, bottom: number): string {
  let d = `M${f(points[0][0])},${bottom} L${f(points[0][0])},${f(points[0][1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(0, i - 1)];
    const p1 = points[i];
    const p2 = points[i + 1];
    const p3 = points[Math.min(points.length - 1, i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return `${d} L${f(points[points.length - 1][0])},${bottom} Z`;
}

function ridgePoints(rng: Rng, base: number, amplitude: number, segments: number, peak?: { x: number; h: number }) {
  const phases = [rng.range(0, 6.28), rng.range(0, 6.28), rng.range(0, 6.28)];
  const freqs = [rng.range(0.8, 1.6), rng.range(2, 3.5), rng.range(5, 8)];
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= segments; i++) {
    const x = -60 + ((W + 120) * i) / segments;
    const u = x / W;
    let y =
      base -
      amplitude *
        (0.55 * Math.sin(u * freqs[0] * Math.PI + phases[0]) +
          0.3 * Math.sin(u * freqs[1] * Math.PI + phases[1]) +
          0.15 * Math.sin(u * freqs[2] * Math.PI + phases[2]));
    if (peak) {
      // A volcanic cone: a sharp rise with slightly concave flanks.
      const dist = Math.abs(x - peak.x) / 260;
      if (dist < 1) y -= peak.h * Math.pow(1 - dist, 1.6);
    }
    pts.push([x, y + rng.range(-4, 4)]);
  }
  return pts;
}

/** Height of a ridge at x, interpolated linearly between its points (good enough to place bushes on it). */
function heightAt(points: Array<[number, number]>, x: number): number {
  for (let i = 0; i < points.length - 1; i++) {
    if (x >= points[i][0] && x <= points[i + 1][0]) {
      const t = (x - points[i][0]) / (points[i + 1][0] - points[i][0]);
      return points[i][1] + (points[i + 1][1] - points[i][1]) * t;
    }
  }
  return points[points.length - 1][1];
}

const SKIES = [
  { top: '#f3c9a5', bottom: '#fcefe2', sun: '#fff6e6', far: '#b7b9b4', near: '#1f4a37' },
  { top: '#cfdcdc', bottom: '#f2f4ef', sun: '#ffffff', far: '#b4c3bf', near: '#24483a' },
  { top: '#efb07a', bottom: '#fde3c5', sun: '#fff1d6', far: '#bca08f', near: '#33462a' },
  { top: '#93c1dc', bottom: '#e4f0f3', sun: '#fffbea', far: '#92aea9', near: '#27553a' },
  { top: '#e3a49b', bottom: '#f7dccb', sun: '#fff0e4', far: '#a697a3', near: '#2b3e33' },
  { top: '#b9d3c3', bottom: '#eef3e6', sun: '#fffbe8', far: '#a6bba6', near: '#2f5130' },
  { top: '#d9c5e0', bottom: '#f6eee8', sun: '#fff7ef', far: '#a9a3b5', near: '#2a4238' },
];

export interface LandscapeOptions {
  /** Draw a volcano in the far range (Central America, the Andes of Ecuador). */
  volcano?: boolean;
  /** Coffee rows on the nearest hill. */
  rows?: boolean;
}

/** Mountain coffee country: layered ridges, sun and mist, rows of coffee on the nearest slope. */
export function landscapeSvg(seed: number, opts: LandscapeOptions = {}): string {
  const rng = createRng(seed);
  const sky = rng.pick(SKIES);
  const layers = rng.int(4, 6);
  const sunX = rng.range(180, 1020);
  const sunY = rng.range(120, 300);
  const sunR = rng.range(38, 70);
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>` +
      `<radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.9"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>` +
      `<linearGradient id="mist" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0"/><stop offset="0.6" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 4)}" fill="url(#glow)"/>`);
  parts.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${sky.sun}" fill-opacity="0.95"/>`);
  // Thin clouds.
  for (let i = 0; i < rng.int(2, 4); i++) {
    const cx = rng.range(0, W);
    const cy = rng.range(80, 260);
    parts.push(
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rng.range(120, 260))}" ry="${f(rng.range(8, 18))}" fill="#ffffff" fill-opacity="${f(rng.range(0.35, 0.6))}"/>`,
    );
  }
  let nearest: Array<[number, number]> = [];
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = 330 + t * 380 + rng.range(-20, 20);
    const amplitude = 90 - t * 40 + rng.range(-15, 15);
    const peak = opts.volcano && i === 0 ? { x: rng.range(300, 900), h: rng.range(160, 230) } : undefined;
    const pts = ridgePoints(rng, base, amplitude, 14, peak);
    const color = mix(sky.far, sky.near, Math.pow(t, 0.85));
    parts.push(`<path d="${ridgePath(pts, H + 10)}" fill="${color}"/>`);
    if (i < layers - 1) {
      // Mist settles in the valley behind each nearer ridge.
      parts.push(
        `<rect x="0" y="${f(base - 40)}" width="${W}" height="${f(90 + rng.range(0, 60))}" fill="url(#mist)" fill-opacity="${f(0.5 + rng.range(0, 0.4))}"/>`,
      );
    }
    nearest = pts;
  }
  if (opts.rows !== false) {
    // Coffee planted along the contour: rows of rounded bushes following the slope, darker in front.
    const rowCount = rng.int(4, 6);
    const bushColor = mix(sky.near, '#3f7a3a', 0.5);
    for (let r = 0; r < rowCount; r++) {
      const offset = 30 + r * (26 + r * 6);
      const size = 9 + r * 3.5;
      const step = size * 2.1;
      for (let x = rng.range(-10, step); x < W + 20; x += step * rng.range(0.9, 1.15)) {
        const y = heightAt(nearest, x) + offset;
        if (y > H + 10) continue;
        const c = jitter(rng, mix(bushColor, '#173321', r / rowCount), 10);
        parts.push(
          `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size * 1.1)}" ry="${f(size * 0.8)}" fill="${c}"/>` +
            `<ellipse cx="${f(x - size * 0.25)}" cy="${f(y - size * 0.3)}" rx="${f(size * 0.5)}" ry="${f(size * 0.35)}" fill="#ffffff" fill-opacity="0.08"/>`,
        );
      }
    }
    // A shade tree (guamo, nogal) standing over the coffee.
    if (rng.chance(0.7)) {
      const tx = rng.pick([rng.range(60, 300), rng.range(900, 1140)]);
      const ty = heightAt(nearest, tx) + 40;
      const crown = mix(sky.near, '#2d5a2e', 0.3);
      parts.push(
        `<path d="M${f(tx - 6)},${f(ty)} L${f(tx - 3)},${f(ty - 150)} L${f(tx + 3)},${f(ty - 150)} L${f(tx + 6)},${f(ty)} Z" fill="#3b2f25"/>`,
      );
      for (let k = 0; k < 6; k++) {
        parts.push(
          `<ellipse cx="${f(tx + rng.range(-90, 90))}" cy="${f(ty - 160 + rng.range(-30, 25))}" rx="${f(rng.range(50, 90))}" ry="${f(rng.range(22, 36))}" fill="${jitter(rng, crown, 12)}"/>`,
        );
      }
    }
  }
  return svg(parts.join(''));
}

export type CherryColor = 'rojo' | 'amarillo' | 'rosado' | 'naranja';

const CHERRY: Record<CherryColor, { ripe: string; light: string; dark: string }> = {
  rojo: { ripe: '#b3172b', light: '#e8505a', dark: '#6e0d1d' },
  amarillo: { ripe: '#e2a917', light: '#f8d766', dark: '#9a6a08' },
  rosado: { ripe: '#de5b82', light: '#f6a3bb', dark: '#8e2547' },
  naranja: { ripe: '#e0661f', light: '#f7a15a', dark: '#8f3a0c' },
};

const LEAF_GREENS = ['#1f5a2e', '#24673a', '#2c6e33', '#1b4f31', '#32733b'];

function leafPath(x: number, y: number, length: number, angle: number): string {
  const w = length * 0.36;
  return `<g transform="translate(${f(x)},${f(y)}) rotate(${f(angle)})"><path d="M0,0 C${f(length * 0.3)},${f(-w)} ${f(length * 0.75)},${f(-w * 0.8)} ${f(length)},0 C${f(length * 0.75)},${f(w * 0.8)} ${f(length * 0.3)},${f(w)} 0,0 Z"/><path d="M0,0 L${f(length * 0.95)},0" stroke="#ffffff" stroke-opacity="0.22" stroke-width="2" fill="none"/></g>`;
}

/** A branch loaded with ripening cherries against a soft green background. */
export function cherriesSvg(seed: number, color: CherryColor): string {
  const rng = createRng(seed);
  const c = CHERRY[color];
  const bg = rng.pick(['#dfe9d6', '#d4e3cf', '#e6eddc', '#cfdfd2']);
  const parts: string[] = [];
  parts.push(
    `<defs><radialGradient id="ch" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${c.light}"/><stop offset="0.55" stop-color="${c.ripe}"/><stop offset="1" stop-color="${c.dark}"/></radialGradient>` +
      `<radialGradient id="un" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#c6dc7a"/><stop offset="0.6" stop-color="#7fa83a"/><stop offset="1" stop-color="#4b6e1f"/></radialGradient>` +
      `<radialGradient id="half" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#f0c36a"/><stop offset="0.6" stop-color="${mix(c.ripe, '#9bb13a', 0.5)}"/><stop offset="1" stop-color="${mix(c.dark, '#4b6e1f', 0.5)}"/></radialGradient></defs>`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="${bg}"/>`);
  // Out-of-focus foliage behind the branch.
  for (let i = 0; i < 26; i++) {
    parts.push(
      `<circle cx="${f(rng.range(0, W))}" cy="${f(rng.range(0, H))}" r="${f(rng.range(40, 150))}" fill="${rng.pick(['#9dbf8a', '#7ea86f', '#b9d3a3', '#6f9a63'])}" fill-opacity="${f(rng.range(0.15, 0.4))}"/>`,
    );
  }
  // The branch crosses the frame with a gentle curve.
  // The branch enters and leaves at different heights, so that each picture has its own diagonal.
  const y0 = rng.range(170, 630);
  const y1 = Math.min(640, Math.max(160, y0 + rng.pick([-1, 1]) * rng.range(80, 260)));
  const ctrl = (y0 + y1) / 2 + rng.range(-160, 120);
  const at = (t: number) => {
    const x = -40 + (W + 80) * t;
    const y = (1 - t) * (1 - t) * y0 + 2 * (1 - t) * t * ctrl + t * t * y1;
    return [x, y] as const;
  };
  parts.push(
    `<path d="M-40,${f(y0)} Q${f(W / 2)},${f(ctrl)} ${W + 40},${f(y1)}" stroke="#5b4632" stroke-width="24" fill="none" stroke-linecap="round"/>`,
  );
  parts.push(
    `<path d="M-40,${f(y0 - 4)} Q${f(W / 2)},${f(ctrl - 4)} ${W + 40},${f(y1 - 4)}" stroke="#8a6e52" stroke-width="4" fill="none" stroke-opacity="0.6"/>`,
  );
  const nodes = rng.int(3, 4);
  const leaves: string[] = [];
  const fruits: string[] = [];
  for (let n = 0; n < nodes; n++) {
    const t = (n + 0.5 + rng.range(-0.15, 0.15)) / nodes;
    const [nx, ny] = at(t);
    // Opposite leaves at each node, as on a coffee branch.
    const len = rng.range(300, 420);
    const base = rng.range(-50, -25);
    leaves.push(`<g fill="${rng.pick(LEAF_GREENS)}">${leafPath(nx, ny, len, base)}</g>`);
    leaves.push(
      `<g fill="${rng.pick(LEAF_GREENS)}">${leafPath(nx, ny, len * rng.range(0.85, 1.05), 180 + base + rng.range(-10, 10))}</g>`,
    );
    // The cluster of cherries hugging the node.
    const count = rng.int(8, 14);
    for (let k = 0; k < count; k++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(14, 70);
      const cx = nx + Math.cos(a) * d;
      const cy = ny + Math.abs(Math.sin(a)) * d * 0.9 + 18;
      const r = rng.range(30, 40);
      const roll = rng.next();
      const fill = roll < 0.7 ? 'url(#ch)' : roll < 0.85 ? 'url(#half)' : 'url(#un)';
      fruits.push(
        `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * 1.1)}" fill="${fill}"/>` +
          `<circle cx="${f(cx - r * 0.35)}" cy="${f(cy - r * 0.45)}" r="${f(r * 0.22)}" fill="#ffffff" fill-opacity="0.45"/>` +
          `<circle cx="${f(cx + r * 0.1)}" cy="${f(cy + r * 0.85)}" r="${f(r * 0.14)}" fill="#3a2a1a" fill-opacity="0.7"/>`,
      );
    }
  }
  parts.push(...leaves, ...fruits);
  return svg(parts.join(''));
}

export type Secado = 'lavado' | 'natural' | 'honey' | 'anaerobico';

const BEDS: Record<Secado, string[]> = {
  lavado: ['#e9dcc0', '#dccaa3', '#f1e6cf', '#cfbd97'],
  natural: ['#6b1a22', '#8a2a2a', '#4f1a1c', '#a2443a'],
  honey: ['#c98b2c', '#b5741f', '#dca24a', '#a8651c'],
  anaerobico: ['#4a1830', '#5d2238', '#3a1526', '#71304a'],
};

/** Raised drying beds seen from above, covered with parchment or cherries in raked rows. */
export function dryingBedsSvg(seed: number, secado: Secado): string {
  const rng = createRng(seed);
  const tones = BEDS[secado];
  const ground = rng.pick(['#8b7355', '#7a6a52', '#9a8465', '#6f6250']);
  const parts: string[] = [];
  const patterns: string[] = [];
  // Large tiles (10×10 beans each) keep the pattern cheap to rasterise while hiding the repetition.
  const cell = 120;
  const round = secado === 'natural' || secado === 'anaerobico';
  for (let p = 0; p < 3; p++) {
    const beans: string[] = [];
    for (let i = 0; i < 100; i++) {
      const bx = (i % 10) * 12 + rng.range(2, 10);
      const by = Math.floor(i / 10) * 12 + rng.range(2, 10);
      beans.push(
        `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="${round ? 5.2 : 5.6}" ry="${round ? 4.6 : 3.8}" transform="rotate(${f(rng.range(0, 180))} ${f(bx)} ${f(by)})" fill="${jitter(rng, rng.pick(tones), 10)}"/>`,
      );
    }
    patterns.push(
      `<pattern id="p${p}" width="${cell}" height="${cell}" patternUnits="userSpaceOnUse"><rect width="${cell}" height="${cell}" fill="${mix(tones[0], '#000000', 0.25)}"/>${beans.join('')}</pattern>`,
    );
  }
  parts.push(`<defs>${patterns.join('')}</defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="${ground}"/>`);
  // Grass and shadows on the ground between the beds.
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${f(rng.range(0, W))}" cy="${f(rng.range(0, H))}" r="${f(rng.range(8, 40))}" fill="${rng.pick(['#6e8a4a', '#5b6e3c', '#7d6a4c'])}" fill-opacity="0.35"/>`,
    );
  }
  const beds = rng.int(3, 4);
  const angle = rng.range(-14, 14);
  const bedH = (H + 200) / beds - 50;
  parts.push(`<g transform="rotate(${f(angle)} ${W / 2} ${H / 2})">`);
  for (let b = 0; b < beds; b++) {
    const y = -100 + b * (bedH + 50);
    const x = -150;
    const w = W + 300;
    parts.push(
      `<rect x="${x + 8}" y="${f(y + 12)}" width="${w}" height="${f(bedH)}" fill="#000000" fill-opacity="0.25"/>`,
    );
    parts.push(`<rect x="${x}" y="${f(y)}" width="${w}" height="${f(bedH)}" fill="#6b4b2e"/>`);
    parts.push(
      `<rect x="${x + 10}" y="${f(y + 10)}" width="${w - 20}" height="${f(bedH - 20)}" fill="url(#p${b % 3})"/>`,
    );
    // Raked furrows: the layer is turned several times a day so that it dries evenly.
    const furrows = rng.int(3, 6);
    for (let k = 1; k < furrows; k++) {
      const fy = y + 10 + ((bedH - 20) * k) / furrows;
      let d = `M${x + 10},${f(fy)}`;
      for (let sx = x + 10; sx < x + w; sx += 80)
        d += ` Q${f(sx + 40)},${f(fy + rng.range(-6, 6))} ${f(sx + 80)},${f(fy)}`;
      parts.push(`<path d="${d}" stroke="#000000" stroke-opacity="0.18" stroke-width="5" fill="none"/>`);
    }
  }
  parts.push('</g>');
  // The shade-net frame of a parabolic dryer casts soft bands of light.
  if (rng.chance(0.5)) {
    for (let i = 0; i < 5; i++) {
      parts.push(
        `<rect x="${f(i * 260 + rng.range(0, 60))}" y="0" width="${f(rng.range(30, 70))}" height="${H}" fill="#ffffff" fill-opacity="0.07"/>`,
      );
    }
  }
  return svg(parts.join(''));
}

/** A cupping table seen from above: bowls with crust or broken crust, a spoon, trays of green and roasted beans. */
export function cuppingSvg(seed: number): string {
  const rng = createRng(seed);
  const table = rng.pick(['#c9a57c', '#b68d62', '#e9e4da', '#d7c2a3', '#a07a55']);
  const parts: string[] = [];
  parts.push(
    `<defs><radialGradient id="cup" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#3a2216"/><stop offset="0.8" stop-color="#2a170e"/><stop offset="1" stop-color="#1a0e08"/></radialGradient>` +
      `<radialGradient id="crust" cx="0.45" cy="0.45" r="0.55"><stop offset="0" stop-color="#a0714a"/><stop offset="1" stop-color="#6e4526"/></radialGradient></defs>`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="${table}"/>`);
  // Wood grain, or the faint texture of a white laminate table.
  for (let i = 0; i < 18; i++) {
    const y = rng.range(0, H);
    parts.push(
      `<path d="M0,${f(y)} Q${W / 2},${f(y + rng.range(-30, 30))} ${W},${f(y + rng.range(-10, 10))}" stroke="#000000" stroke-opacity="0.05" stroke-width="${f(rng.range(2, 6))}" fill="none"/>`,
    );
  }
  const cols = rng.int(3, 4);
  const rowsN = 2;
  const r = rng.range(74, 88);
  const ox = rng.range(140, 220);
  const oy = rng.range(170, 230);
  const dx = (W - ox * 2) / (cols - 1);
  const dy = rng.range(300, 340);
  for (let row = 0; row < rowsN; row++) {
    for (let col = 0; col < cols; col++) {
      const cx = ox + col * dx + rng.range(-8, 8);
      const cy = oy + row * dy + rng.range(-8, 8);
      parts.push(`<circle cx="${f(cx + 8)}" cy="${f(cy + 10)}" r="${f(r + 14)}" fill="#000000" fill-opacity="0.18"/>`);
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r + 14)}" fill="#fbfaf7"/>`);
      parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#cup)"/>`);
      if (rng.chance(0.6)) {
        // An unbroken crust of grounds, lighter and mottled.
        parts.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r - 6)}" fill="url(#crust)"/>`);
        for (let k = 0; k < 14; k++) {
          const a = rng.range(0, Math.PI * 2);
          const d = rng.range(0, r - 16);
          parts.push(
            `<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" r="${f(rng.range(3, 9))}" fill="#c79a6b" fill-opacity="0.5"/>`,
          );
        }
      } else {
        parts.push(
          `<ellipse cx="${f(cx - r * 0.3)}" cy="${f(cy - r * 0.3)}" rx="${f(r * 0.35)}" ry="${f(r * 0.15)}" fill="#ffffff" fill-opacity="0.12"/>`,
        );
      }
    }
  }
  // A cupping spoon resting between the rows.
  const sx = rng.range(300, 900);
  const sy = oy + dy / 2 + rng.range(-20, 20);
  parts.push(
    `<g transform="rotate(${f(rng.range(-25, 25))} ${f(sx)} ${f(sy)})"><rect x="${f(sx - 160)}" y="${f(sy - 7)}" width="230" height="14" rx="7" fill="#c9ccd1"/><ellipse cx="${f(sx + 100)}" cy="${f(sy)}" rx="46" ry="34" fill="#d9dce0"/><ellipse cx="${f(sx + 96)}" cy="${f(sy - 6)}" rx="30" ry="18" fill="#ffffff" fill-opacity="0.5"/></g>`,
  );
  // Small trays of green and roasted beans on the table's edge.
  const trayY = rng.chance(0.5) ? 78 : H - 78;
  for (const [tx, tone] of [
    [rng.range(40, 200), '#9fae82'],
    [rng.range(980, 1120), '#4a2c1a'],
  ] as const) {
    parts.push(`<circle cx="${f(tx)}" cy="${f(trayY)}" r="70" fill="#f4f1ea"/>`);
    for (let k = 0; k < 26; k++) {
      const a = rng.range(0, Math.PI * 2);
      const d = rng.range(0, 54);
      const bx = tx + Math.cos(a) * d;
      const by = trayY + Math.sin(a) * d;
      parts.push(
        `<ellipse cx="${f(bx)}" cy="${f(by)}" rx="9" ry="6.5" transform="rotate(${f(rng.range(0, 180))} ${f(bx)} ${f(by)})" fill="${jitter(rng, tone, 12)}"/>`,
      );
    }
  }
  return svg(parts.join(''));
}

/** Jute sacks stacked in a warehouse, with stencilled stripes. */
export function sacksSvg(seed: number): string {
  const rng = createRng(seed);
  const wall = rng.pick(['#3d3a34', '#4a4138', '#35393a', '#524538']);
  const ink = rng.pick(['#2f5d3a', '#8c2b20', '#1f3f6b', '#5a3e1b']);
  const parts: string[] = [];
  parts.push(
    `<defs><linearGradient id="jute" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c9ab78"/><stop offset="0.6" stop-color="#b3945f"/><stop offset="1" stop-color="#94784a"/></linearGradient>` +
      `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.35"/></linearGradient>` +
      `<linearGradient id="light" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.35"/><stop offset="1" stop-color="#fff3d6" stop-opacity="0"/></linearGradient></defs>`,
  );
  parts.push(`<rect width="${W}" height="${H}" fill="${wall}"/>`);
  parts.push(`<rect x="0" y="${H - 110}" width="${W}" height="110" fill="#2a2622"/>`);
  // Pallet boards.
  parts.push(`<rect x="20" y="${H - 130}" width="${W - 40}" height="26" fill="#8a6b47"/>`);
  const rowsN = 3;
  const perRow = rng.int(4, 5);
  const sw = (W - 80) / perRow;
  const sh = 185;
  for (let row = 0; row < rowsN; row++) {
    const y = H - 130 - (row + 1) * (sh - 25);
    const shift = row % 2 ? sw / 2 : 0;
    const n = row % 2 ? perRow - 1 : perRow;
    for (let i = 0; i < n; i++) {
      const x = 40 + shift + i * sw + rng.range(-6, 6);
      const bulge = rng.range(14, 26);
      const d = `M${f(x + 8)},${f(y + 20)} Q${f(x + sw / 2)},${f(y - bulge)} ${f(x + sw - 8)},${f(y + 20)} Q${f(x + sw + 6)},${f(y + sh / 2)} ${f(x + sw - 8)},${f(y + sh - 20)} Q${f(x + sw / 2)},${f(y + sh + bulge * 0.6)} ${f(x + 8)},${f(y + sh - 20)} Q${f(x - 6)},${f(y + sh / 2)} ${f(x + 8)},${f(y + 20)} Z`;
      parts.push(`<path d="${d}" fill="url(#jute)" stroke="#6e5636" stroke-width="3"/>`);
      // A few coarse threads suggest the jute weave without a costly pattern fill.
      let threads = '';
      for (let k = 1; k < 9; k++) {
        const ty = y + 12 + ((sh - 24) * k) / 9;
        threads += `M${f(x + 14)},${f(ty)} Q${f(x + sw / 2)},${f(ty + rng.range(-5, 5))} ${f(x + sw - 14)},${f(ty)} `;
      }
      parts.push(`<path d="${threads}" stroke="#8e7145" stroke-opacity="0.45" stroke-width="2" fill="none"/>`);
      parts.push(`<path d="${d}" fill="url(#shade)"/>`);
      // Stencil: two stripes and a round seal.
      const cx = x + sw / 2;
      const cy = y + sh / 2;
      parts.push(
        `<rect x="${f(cx - sw * 0.32)}" y="${f(cy - 42)}" width="${f(sw * 0.64)}" height="9" fill="${ink}" fill-opacity="0.75"/>`,
      );
      parts.push(
        `<rect x="${f(cx - sw * 0.32)}" y="${f(cy + 34)}" width="${f(sw * 0.64)}" height="9" fill="${ink}" fill-opacity="0.75"/>`,
      );
      parts.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="24" fill="none" stroke="${ink}" stroke-width="6" stroke-opacity="0.75"/>`,
      );
      parts.push(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="8" ry="12" fill="${ink}" fill-opacity="0.75"/>`);
    }
  }
  parts.push(`<rect width="${W}" height="${H}" fill="url(#light)"/>`);
  return svg(parts.join(''));
}

/** A close-up of green coffee: the photo a buyer expects of a sample. */
export function greenBeansSvg(seed: number): string {
  const rng = createRng(seed);
  const tones = rng.pick([
    ['#9aa97c', '#8c9c6e', '#a9b58d', '#7f9163'],
    ['#a3ab84', '#b4b893', '#8e9a72', '#9ca57a'],
    ['#8fa47f', '#a0b48e', '#7d9370', '#b2c09c'],
  ]);
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${H}" fill="${rng.pick(['#efe9dd', '#e7e1d3', '#f3efe6'])}"/>`);
  const bowlR = 330;
  const cx = W / 2 + rng.range(-60, 60);
  const cy = H / 2 + rng.range(-20, 20);
  parts.push(`<circle cx="${f(cx + 14)}" cy="${f(cy + 18)}" r="${bowlR + 20}" fill="#000000" fill-opacity="0.15"/>`);
  parts.push(
    `<circle cx="${f(cx)}" cy="${f(cy)}" r="${bowlR + 20}" fill="${rng.pick(['#3b3a36', '#f7f6f2', '#6b4a32'])}"/>`,
  );
  for (let i = 0; i < 260; i++) {
    const a = rng.range(0, Math.PI * 2);
    const d = Math.sqrt(rng.next()) * (bowlR - 22);
    const bx = cx + Math.cos(a) * d;
    const by = cy + Math.sin(a) * d;
    const rot = rng.range(0, 180);
    const tone = jitter(rng, rng.pick(tones), 8);
    parts.push(
      `<g transform="rotate(${f(rot)} ${f(bx)} ${f(by)})"><ellipse cx="${f(bx)}" cy="${f(by)}" rx="30" ry="20" fill="${tone}" stroke="${mix(tone, '#000000', 0.3)}" stroke-width="1.2"/><path d="M${f(bx - 21)},${f(by)} Q${f(bx)},${f(by + rng.range(-5, 5))} ${f(bx + 21)},${f(by)}" stroke="${mix(tone, '#3a3a20', 0.5)}" stroke-width="2.4" fill="none"/></g>`,
    );
  }
  return svg(parts.join(''));
}

/** A round emblem: initials over a coffee bean on a coloured ring. 512×512. */
export function emblemSvg(seed: number, initials: string): string {
  const rng = createRng(seed);
  const [bg, ring, fg] = rng.pick([
    ['#1f5a3a', '#e9d8b4', '#f6efe0'],
    ['#7a2e22', '#f0d6b0', '#fbf1e2'],
    ['#2d4a6b', '#d9e3ec', '#f4f7fa'],
    ['#5b3b22', '#e6cfa8', '#fbf3e4'],
    ['#35553a', '#f2e2c0', '#fdf8ee'],
    ['#6b2f4a', '#f3d9e2', '#fdf3f6'],
    ['#3d4a2a', '#e2e6c8', '#f8faee'],
    ['#8a5a14', '#f5e3bd', '#fffaf0'],
  ]);
  const text = escapeXml(initials.slice(0, 3).toUpperCase());
  const fontSize = text.length > 2 ? 132 : 168;
  const beanRot = rng.range(-35, 35);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="${bg}"/><circle cx="256" cy="256" r="214" fill="none" stroke="${ring}" stroke-width="10"/><circle cx="256" cy="256" r="190" fill="none" stroke="${ring}" stroke-width="3" stroke-dasharray="6 10"/><g transform="rotate(${f(beanRot)} 256 256)" opacity="0.2"><ellipse cx="256" cy="256" rx="120" ry="160" fill="${ring}"/><path d="M256,100 C206,190 306,320 256,412" stroke="${bg}" stroke-width="16" fill="none"/></g><text x="256" y="${256 + fontSize * 0.35}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-weight="bold" font-size="${fontSize}" fill="${fg}">${text}</text></svg>`;
}

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function svg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}
