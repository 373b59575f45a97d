#!/usr/bin/env node
// Draws the three pictures of the home slideshow and the login slider as SVG files in src/assets/scenes/:
// a wind turbine at sunset, and two underwater ROV service scenes. Astro's image pipeline rasterises them
// to sized AVIF and WebP at build time. The scattered details (particles, rocks, growth) come from a seeded
// random generator, so a re-run writes the same files. Run it after changing a scene:
//   node site/scripts/draw-scenes.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const W = 1600;
const H = 1000;
const outDir = fileURLToPath(new URL('../src/assets/scenes/', import.meta.url));

/** mulberry32: a small seeded generator, so the pictures do not change between runs. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (value) => Math.round(value * 10) / 10;
const svg = (defs, body) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">\n<defs>\n${defs}\n</defs>\n${body}\n</svg>\n`;

/** One turbine: tower from the ground to the hub, nacelle, three blades rotated by `angle`. */
function turbine({ x, y, blade, tower, angle, fill, bladeFill = fill, towerFill = fill, width = blade * 0.07 }) {
  const bladePath = (rotation) => {
    const b = blade;
    const w = width;
    return `<path transform="rotate(${rotation} ${x} ${y})" fill="${bladeFill}" d="M${r1(x - w * 0.35)} ${y} C${r1(x - w)} ${r1(y - b * 0.25)} ${r1(x - w * 0.55)} ${r1(y - b * 0.7)} ${r1(x + w * 0.05)} ${r1(y - b)} C${r1(x + w * 0.35)} ${r1(y - b * 0.72)} ${r1(x + w * 0.6)} ${r1(y - b * 0.3)} ${r1(x + w * 0.35)} ${y} Z"/>`;
  };
  const baseHalf = blade * 0.045;
  const topHalf = blade * 0.022;
  return [
    `<path fill="${towerFill}" d="M${r1(x - topHalf)} ${y} L${r1(x + topHalf)} ${y} L${r1(x + baseHalf)} ${r1(y + tower)} L${r1(x - baseHalf)} ${r1(y + tower)} Z"/>`,
    `<rect fill="${fill}" x="${r1(x - blade * 0.05)}" y="${r1(y - blade * 0.035)}" width="${r1(blade * 0.16)}" height="${r1(blade * 0.07)}" rx="${r1(blade * 0.03)}"/>`,
    bladePath(angle),
    bladePath(angle + 120),
    bladePath(angle + 240),
    `<circle fill="${fill}" cx="${x}" cy="${y}" r="${r1(blade * 0.045)}"/>`,
  ].join('\n');
}

function sunset() {
  const rand = random(2018);
  const defs = `
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#172554"/>
  <stop offset="0.35" stop-color="#4c3a78"/>
  <stop offset="0.58" stop-color="#b4577a"/>
  <stop offset="0.74" stop-color="#f08a4b"/>
  <stop offset="0.86" stop-color="#fcc26b"/>
</linearGradient>
<radialGradient id="sunGlow" cx="0.66" cy="0.72" r="0.5">
  <stop offset="0" stop-color="#fff3c4" stop-opacity="0.95"/>
  <stop offset="0.18" stop-color="#ffd27a" stop-opacity="0.6"/>
  <stop offset="1" stop-color="#ff9a5a" stop-opacity="0"/>
</radialGradient>
<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#ffb070" stop-opacity="0"/>
  <stop offset="1" stop-color="#ffb070" stop-opacity="0.45"/>
</linearGradient>
<linearGradient id="tower" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#1f1b33"/>
  <stop offset="0.55" stop-color="#3b3152"/>
  <stop offset="1" stop-color="#d9826a"/>
</linearGradient>
<linearGradient id="blade" x1="0" y1="0" x2="1" y2="1">
  <stop offset="0" stop-color="#2a2440"/>
  <stop offset="1" stop-color="#5b4466"/>
</linearGradient>
${['#6d4f8f', '#d27a8a', '#ffb27a']
  .map(
    (color, index) =>
      `<radialGradient id="cloud${index}"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  )
  .join('\n')}`;

  const clouds = [];
  for (let index = 0; index < 9; index += 1) {
    const cx = rand() * W;
    const cy = 120 + rand() * 420;
    const rx = 120 + rand() * 260;
    const ry = 10 + rand() * 22;
    const gradient = cy < 300 ? 0 : cy < 450 ? 1 : 2;
    clouds.push(
      `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx * 1.3)}" ry="${r1(ry * 2.2)}" fill="url(#cloud${gradient})" opacity="${r1(0.45 + rand() * 0.35)}"/>`,
    );
  }

  const farTurbines = [];
  for (const [x, y, blade, angle] of [
    [180, 640, 60, 20],
    [330, 655, 48, 75],
    [470, 648, 54, 40],
    [1380, 630, 66, 95],
    [1500, 650, 50, 10],
    [610, 662, 40, 60],
  ]) {
    farTurbines.push(turbine({ x, y, blade, tower: 760 - y, angle, fill: '#5a3f63' }));
  }

  const birds = [];
  for (let index = 0; index < 7; index += 1) {
    const bx = 260 + rand() * 500;
    const by = 260 + rand() * 160;
    const s = 6 + rand() * 6;
    birds.push(
      `<path d="M${r1(bx - s)} ${r1(by - s * 0.4)} Q${r1(bx - s * 0.4)} ${r1(by - s * 0.6)} ${r1(bx)} ${r1(by)} Q${r1(bx + s * 0.4)} ${r1(by - s * 0.6)} ${r1(bx + s)} ${r1(by - s * 0.4)}" fill="none" stroke="#2b2140" stroke-width="2" stroke-linecap="round"/>`,
    );
  }

  const grass = [];
  for (let index = 0; index < 160; index += 1) {
    const gx = rand() * W;
    const gy = 930 + rand() * 70;
    const height = 8 + rand() * 22;
    grass.push(
      `<path d="M${r1(gx)} ${r1(gy)} q${r1(rand() * 6 - 3)} ${r1(-height / 2)} ${r1(rand() * 10 - 5)} ${r1(-height)}" stroke="#150f22" stroke-width="2" fill="none"/>`,
    );
  }

  const body = `
<rect width="${W}" height="${H}" fill="url(#sky)"/>
<rect width="${W}" height="${H}" fill="url(#sunGlow)"/>
<circle cx="1056" cy="700" r="58" fill="#fff1c2"/>
${clouds.join('\n')}
<path d="M0 700 C180 660 360 690 540 676 C760 660 900 700 1100 690 C1300 680 1460 650 1600 668 L1600 1000 L0 1000 Z" fill="#6e4b6e"/>
<g>${farTurbines.join('\n')}</g>
<path d="M0 760 C220 720 420 748 640 742 C880 736 1040 770 1260 752 C1420 740 1520 748 1600 760 L1600 1000 L0 1000 Z" fill="#4a3352"/>
<rect y="600" width="${W}" height="220" fill="url(#haze)"/>
<path d="M0 860 C260 820 520 850 780 838 C1040 826 1300 872 1600 846 L1600 1000 L0 1000 Z" fill="#2a1e36"/>
${turbine({ x: 1000, y: 330, blade: 300, tower: 560, angle: 14, fill: '#2b2340', bladeFill: 'url(#blade)', towerFill: 'url(#tower)', width: 26 })}
<path d="M1000 330 m-14 -4 h22" stroke="#f6b27a" stroke-width="3" stroke-linecap="round" opacity="0.7"/>
<path d="M0 930 C300 900 640 920 960 912 C1260 904 1440 926 1600 918 L1600 1000 L0 1000 Z" fill="#1a1226"/>
${grass.join('\n')}
<g>${birds.join('\n')}</g>`;
  return svg(defs, body);
}

/** Shared underwater pieces: water, light rays from the surface, drifting particles. */
function water(rand, { top, mid, bottom, rays }) {
  const defs = `
<linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="${top}"/>
  <stop offset="0.45" stop-color="${mid}"/>
  <stop offset="1" stop-color="${bottom}"/>
</linearGradient>
<linearGradient id="ray" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#d8fbff" stop-opacity="0.45"/>
  <stop offset="1" stop-color="#d8fbff" stop-opacity="0"/>
</linearGradient>
<radialGradient id="mote"><stop offset="0" stop-color="#e6fbff"/><stop offset="1" stop-color="#e6fbff" stop-opacity="0"/></radialGradient>
<radialGradient id="cloudy"><stop offset="0" stop-color="#8fa89a"/><stop offset="1" stop-color="#8fa89a" stop-opacity="0"/></radialGradient>`;
  const rayShapes = [];
  for (let index = 0; index < rays; index += 1) {
    const x = rand() * W;
    const spread = 60 + rand() * 140;
    const lean = -200 + rand() * 160;
    rayShapes.push(
      `<path d="M${r1(x)} -10 L${r1(x + 40 + rand() * 50)} -10 L${r1(x + lean + spread)} 900 L${r1(x + lean)} 900 Z" fill="url(#ray)" opacity="${r1(0.2 + rand() * 0.4)}"/>`,
    );
  }
  const particles = [];
  for (let index = 0; index < 220; index += 1) {
    particles.push(
      `<circle cx="${r1(rand() * W)}" cy="${r1(rand() * H)}" r="${r1(1.5 + rand() * 4)}" fill="url(#mote)" opacity="${r1(0.3 + rand() * 0.6)}"/>`,
    );
  }
  return {
    defs,
    background: `<rect width="${W}" height="${H}" fill="url(#water)"/>\n${rayShapes.join('\n')}`,
    particles: `<g>${particles.join('\n')}</g>`,
  };
}

/** A work-class ROV seen from the side and front, facing right; (x, y) is the middle of its frame. */
function rov({ x, y, scale = 1, lights = true, arm = null }) {
  const s = scale;
  const p = (dx, dy) => `${r1(x + dx * s)} ${r1(y + dy * s)}`;
  const parts = [];
  if (lights) {
    parts.push(
      `<path d="M${p(118, -18)} L${p(560, -150)} L${p(560, 120)} Z" fill="url(#beam)" opacity="0.8"/>`,
      `<path d="M${p(118, -18)} L${p(560, -190)} L${p(560, 160)} Z" fill="url(#beam)" opacity="0.35"/>`,
      `<path d="M${p(118, 22)} L${p(520, -40)} L${p(520, 220)} Z" fill="url(#beam)" opacity="0.6"/>`,
    );
  }
  parts.push(
    // buoyancy block, frame, skids
    `<rect x="${r1(x - 120 * s)}" y="${r1(y - 86 * s)}" width="${r1(236 * s)}" height="${r1(58 * s)}" rx="${r1(12 * s)}" fill="#f5b301"/>`,
    `<rect x="${r1(x - 120 * s)}" y="${r1(y - 86 * s)}" width="${r1(236 * s)}" height="${r1(14 * s)}" rx="${r1(7 * s)}" fill="#ffd24a" opacity="0.8"/>`,
    `<rect x="${r1(x - 112 * s)}" y="${r1(y - 28 * s)}" width="${r1(220 * s)}" height="${r1(72 * s)}" rx="${r1(6 * s)}" fill="none" stroke="#2b3440" stroke-width="${r1(9 * s)}"/>`,
    `<rect x="${r1(x - 100 * s)}" y="${r1(y - 18 * s)}" width="${r1(120 * s)}" height="${r1(50 * s)}" rx="${r1(6 * s)}" fill="#3a4654"/>`,
    `<rect x="${r1(x - 96 * s)}" y="${r1(y - 12 * s)}" width="${r1(40 * s)}" height="${r1(14 * s)}" rx="${r1(4 * s)}" fill="#e6edf3" opacity="0.5"/>`,
    `<rect x="${r1(x - 128 * s)}" y="${r1(y + 44 * s)}" width="${r1(252 * s)}" height="${r1(10 * s)}" rx="${r1(5 * s)}" fill="#1f2730"/>`,
    // thrusters
    `<rect x="${r1(x - 150 * s)}" y="${r1(y - 20 * s)}" width="${r1(34 * s)}" height="${r1(44 * s)}" rx="${r1(10 * s)}" fill="#1c232b"/>`,
    `<rect x="${r1(x - 40 * s)}" y="${r1(y - 112 * s)}" width="${r1(44 * s)}" height="${r1(28 * s)}" rx="${r1(9 * s)}" fill="#1c232b"/>`,
    // camera dome and lamps at the front
    `<circle cx="${r1(x + 104 * s)}" cy="${r1(y + 2 * s)}" r="${r1(20 * s)}" fill="#0e1a24" stroke="#7b8a99" stroke-width="${r1(4 * s)}"/>`,
    `<circle cx="${r1(x + 100 * s)}" cy="${r1(y - 4 * s)}" r="${r1(6 * s)}" fill="#9fd8ff" opacity="0.8"/>`,
    `<circle cx="${r1(x + 118 * s)}" cy="${r1(y - 18 * s)}" r="${r1(9 * s)}" fill="#fffbe6"/>`,
    `<circle cx="${r1(x + 118 * s)}" cy="${r1(y + 22 * s)}" r="${r1(9 * s)}" fill="#fffbe6"/>`,
  );
  if (arm) {
    // a two-segment manipulator reaching to `arm` (absolute coordinates)
    const elbow = { x: x + 150 * s, y: y + 70 * s };
    parts.push(
      `<path d="M${p(80, 40)} L${r1(elbow.x)} ${r1(elbow.y)} L${arm.x} ${arm.y}" fill="none" stroke="#c7ced6" stroke-width="${r1(14 * s)}" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<path d="M${p(80, 40)} L${r1(elbow.x)} ${r1(elbow.y)} L${arm.x} ${arm.y}" fill="none" stroke="#5d6b79" stroke-width="${r1(4 * s)}" stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>`,
      `<circle cx="${r1(elbow.x)}" cy="${r1(elbow.y)}" r="${r1(10 * s)}" fill="#f5b301"/>`,
      `<path d="M${arm.x - 10} ${arm.y - 12} l18 6 M${arm.x - 10} ${arm.y + 12} l18 -6" stroke="#c7ced6" stroke-width="${r1(6 * s)}" stroke-linecap="round"/>`,
    );
  }
  return parts.join('\n');
}

const beamGradient = `
<linearGradient id="beam" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#fffbe0" stop-opacity="0.55"/>
  <stop offset="1" stop-color="#fffbe0" stop-opacity="0"/>
</linearGradient>`;

function rovFoundation() {
  const rand = random(360);
  const sea = water(rand, { top: '#2a8fb0', mid: '#0f4d6e', bottom: '#051a2e', rays: 9 });
  const defs = `${sea.defs}${beamGradient}
<linearGradient id="pile" x1="0" y1="0" x2="1" y2="0">
  <stop offset="0" stop-color="#0a2233"/>
  <stop offset="0.35" stop-color="#3d6f7e"/>
  <stop offset="0.6" stop-color="#2b5565"/>
  <stop offset="1" stop-color="#07182a"/>
</linearGradient>
<linearGradient id="seabed" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#28475a"/>
  <stop offset="1" stop-color="#0b1c2a"/>
</linearGradient>
<radialGradient id="pool" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="#fff6cc" stop-opacity="0.35"/>
  <stop offset="1" stop-color="#fff6cc" stop-opacity="0"/>
</radialGradient>`;

  const growth = [];
  for (let index = 0; index < 140; index += 1) {
    const gx = 1010 + rand() * 240;
    const gy = 260 + rand() * 600;
    const color = ['#3f6b3a', '#5b7d3c', '#6e5a3a', '#2f5a4a'][Math.floor(rand() * 4)];
    growth.push(
      `<ellipse cx="${r1(gx)}" cy="${r1(gy)}" rx="${r1(4 + rand() * 12)}" ry="${r1(3 + rand() * 8)}" fill="${color}" opacity="${r1(0.35 + rand() * 0.45)}"/>`,
    );
  }
  const rocks = [];
  for (let index = 0; index < 70; index += 1) {
    const rx = 760 + rand() * 760;
    const ry = 860 + rand() * 80;
    rocks.push(
      `<ellipse cx="${r1(rx)}" cy="${r1(ry)}" rx="${r1(14 + rand() * 36)}" ry="${r1(8 + rand() * 18)}" fill="${rand() < 0.5 ? '#1d3342' : '#2b4656'}"/>`,
    );
  }
  const bubbles = [];
  for (let index = 0; index < 26; index += 1) {
    bubbles.push(
      `<circle cx="${r1(470 + rand() * 60)}" cy="${r1(230 + rand() * 260)}" r="${r1(2 + rand() * 6)}" fill="none" stroke="#d9f6ff" stroke-width="1.5" opacity="${r1(0.35 + rand() * 0.4)}"/>`,
    );
  }
  const fish = [];
  for (let index = 0; index < 6; index += 1) {
    const fx = 180 + rand() * 500;
    const fy = 140 + rand() * 260;
    const size = 10 + rand() * 10;
    fish.push(
      `<path d="M${r1(fx)} ${r1(fy)} q${r1(size)} ${r1(-size * 0.6)} ${r1(size * 2)} 0 q${r1(-size)} ${r1(size * 0.6)} ${r1(-size * 2)} 0 Z M${r1(fx)} ${r1(fy)} l${r1(-size * 0.7)} ${r1(-size * 0.4)} v${r1(size * 0.8)} Z" fill="#0b3148" opacity="0.7"/>`,
    );
  }

  const body = `
${sea.background}
<path d="M0 0 H${W} V22 C1400 34 1200 12 1000 26 C800 40 600 14 400 28 C240 38 120 18 0 30 Z" fill="#bff3ff" opacity="0.18"/>
<rect x="1000" y="0" width="260" height="900" fill="url(#pile)"/>
${[180, 420, 660].map((y) => `<rect x="1000" y="${y}" width="260" height="5" fill="#0b2030" opacity="0.6"/>`).join('\n')}
${growth.join('\n')}
<ellipse cx="1130" cy="560" rx="220" ry="160" fill="url(#pool)"/>
<path d="M0 880 C260 850 520 870 800 860 C1080 850 1320 880 1600 866 L1600 1000 L0 1000 Z" fill="url(#seabed)"/>
${rocks.join('\n')}
<path d="M560 470 C520 360 560 200 470 80 C420 10 440 -20 430 -40" fill="none" stroke="#f59e0b" stroke-width="7" stroke-linecap="round"/>
${rov({ x: 620, y: 520, scale: 1.25 })}
<g>${bubbles.join('\n')}</g>
<g>${fish.join('\n')}</g>
${sea.particles}`;
  return svg(defs, body);
}

function rovCable() {
  const rand = random(2025);
  const sea = water(rand, { top: '#1d7580', mid: '#0c4450', bottom: '#03161d', rays: 6 });
  const defs = `${sea.defs}${beamGradient}
<linearGradient id="seabed2" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#3e5a52"/>
  <stop offset="1" stop-color="#132722"/>
</linearGradient>
<radialGradient id="pool2" cx="0.5" cy="0.5" r="0.5">
  <stop offset="0" stop-color="#fff3c8" stop-opacity="0.5"/>
  <stop offset="1" stop-color="#fff3c8" stop-opacity="0"/>
</radialGradient>
<linearGradient id="cable" x1="0" y1="0" x2="0" y2="1">
  <stop offset="0" stop-color="#56606a"/>
  <stop offset="0.5" stop-color="#1d232a"/>
  <stop offset="1" stop-color="#0b0f13"/>
</linearGradient>`;

  const cablePath = 'M-20 820 C260 760 520 800 780 760 C1040 720 1260 770 1620 700';
  const ripples = [];
  for (let index = 0; index < 18; index += 1) {
    const y = 640 + index * 20 + rand() * 8;
    ripples.push(
      `<path d="M-20 ${r1(y)} C400 ${r1(y - 20 + rand() * 20)} 900 ${r1(y + 10 - rand() * 20)} 1620 ${r1(y - 30 + rand() * 20)}" fill="none" stroke="#6e8a7c" stroke-width="${r1(1 + rand() * 2)}" opacity="${r1(0.12 + rand() * 0.2)}"/>`,
    );
  }
  const pebbles = [];
  for (let index = 0; index < 90; index += 1) {
    pebbles.push(
      `<ellipse cx="${r1(rand() * W)}" cy="${r1(700 + rand() * 300)}" rx="${r1(3 + rand() * 12)}" ry="${r1(2 + rand() * 6)}" fill="${rand() < 0.5 ? '#243c35' : '#4d665c'}" opacity="0.8"/>`,
    );
  }
  const bands = [];
  for (let t = 0.08; t < 1; t += 0.07) {
    // armour bands across the cable, placed along its curve by eye
    const x = -20 + t * 1640;
    const y = 820 - t * 120 + Math.sin(t * Math.PI * 2) * -18;
    bands.push(
      `<rect x="${r1(x)}" y="${r1(y - 22)}" width="6" height="40" rx="3" fill="#f59e0b" opacity="0.55" transform="rotate(-6 ${r1(x)} ${r1(y)})"/>`,
    );
  }
  const sediment = [];
  for (let index = 0; index < 8; index += 1) {
    sediment.push(
      `<ellipse cx="${r1(860 + rand() * 240)}" cy="${r1(700 + rand() * 80)}" rx="${r1(60 + rand() * 80)}" ry="${r1(20 + rand() * 30)}" fill="url(#cloudy)" opacity="${r1(0.15 + rand() * 0.2)}"/>`,
    );
  }
  const starfish = (x, y, size, rotation) =>
    `<path transform="rotate(${rotation} ${x} ${y})" fill="#e2683c" d="${Array.from({ length: 5 }, (_, arm) => {
      const a = (arm * 72 * Math.PI) / 180;
      const b = ((arm * 72 + 36) * Math.PI) / 180;
      return `${arm === 0 ? 'M' : 'L'}${r1(x + Math.sin(a) * size)} ${r1(y - Math.cos(a) * size * 0.55)} L${r1(x + Math.sin(b) * size * 0.35)} ${r1(y - Math.cos(b) * size * 0.2)}`;
    }).join(' ')} Z"/>`;

  const body = `
${sea.background}
<path d="M0 620 C300 600 640 640 960 620 C1240 602 1420 630 1600 612 L1600 1000 L0 1000 Z" fill="url(#seabed2)"/>
${ripples.join('\n')}
${pebbles.join('\n')}
<ellipse cx="1000" cy="760" rx="420" ry="150" fill="url(#pool2)"/>
<path d="${cablePath}" fill="none" stroke="url(#cable)" stroke-width="46" stroke-linecap="round"/>
<path d="${cablePath}" fill="none" stroke="#8b96a0" stroke-width="4" opacity="0.45" transform="translate(0 -14)"/>
${bands.join('\n')}
<rect x="968" y="718" width="64" height="70" rx="10" fill="#d97706" transform="rotate(-9 1000 753)"/>
<rect x="978" y="724" width="14" height="58" rx="4" fill="#fbbf24" opacity="0.7" transform="rotate(-9 1000 753)"/>
${sediment.join('\n')}
${starfish(340, 900, 26, 12)}
${starfish(1380, 880, 20, -20)}
<path d="M690 372 C660 260 700 140 640 40 C610 0 620 -20 610 -40" fill="none" stroke="#f59e0b" stroke-width="6" stroke-linecap="round"/>
${rov({ x: 720, y: 480, scale: 1.35, arm: { x: 986, y: 716 } })}
${sea.particles}`;
  return svg(defs, body);
}

mkdirSync(outDir, { recursive: true });
const scenes = { 'turbine-sunset.svg': sunset(), 'rov-foundation.svg': rovFoundation(), 'rov-cable.svg': rovCable() };
for (const [name, content] of Object.entries(scenes)) {
  writeFileSync(new URL(name, `file://${outDir}`), content);
  console.log(`${name}: ${content.length} bytes`);
}
