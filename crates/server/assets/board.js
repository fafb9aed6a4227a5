// @ts-check
// The board: an SVG of triangles on the lattice of rules.md section 2, with pan and zoom.
// Drawing only: which placements are legal always comes from the server.
const SVGNS = 'http://www.w3.org/2000/svg';
const SQ3 = Math.sqrt(3);
export const S = 100; // side of a triangle in SVG units
const H = (SQ3 / 2) * S;

/**
 * An SVG element with its attributes, appended to `parent` if given.
 * @param {string} name
 * @param {Record<string, string | number>} [attrs]
 * @param {Element | null} [parent]
 */
export function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * Whether a cell points up.
 * @param {number} c
 * @param {number} r
 */
export function isUp(c, r) { return (((c + r) % 2) + 2) % 2 === 0; }

// Clockwise corners as lattice points [i, j]: top, bottom-right, bottom-left (up cell);
// top-left, top-right, bottom (down cell).
/**
 * @param {number} c
 * @param {number} r
 * @returns {Array<[number, number]>}
 */
export function corners(c, r) {
  if (isUp(c, r)) {
    const a = (c - r) / 2;
    return [[a, r + 1], [a + 1, r], [a, r]];
  }
  const a = (c - r - 1) / 2;
  return [[a, r + 1], [a + 1, r + 1], [a + 1, r]];
}

/**
 * A lattice point in SVG units.
 * @param {[number, number]} p
 * @returns {[number, number]}
 */
export function xy(p) { return [(p[0] + p[1] / 2) * S, -p[1] * H]; }

/**
 * The three cells sharing a side with a cell.
 * @param {number} c
 * @param {number} r
 * @returns {Array<[number, number]>}
 */
export function neighbours(c, r) {
  return isUp(c, r) ? [[c, r - 1], [c - 1, r], [c + 1, r]] : [[c + 1, r], [c - 1, r], [c, r + 1]];
}

// The numbers a tile puts on corners 0, 1, 2 with a rotation: t[(k + rotation) % 3].
/**
 * @param {string} tile
 * @param {number} rotation
 */
export function values(tile, rotation) {
  const n = tile.split('-').map(Number);
  return [0, 1, 2].map((k) => n[(k + rotation) % 3]);
}

// The cell under an SVG point.
/**
 * @param {number} x
 * @param {number} y
 * @returns {[number, number]}
 */
export function cellAt(x, y) {
  const v = -y / H;
  const r = Math.floor(v);
  const u = x / S - v / 2;
  const a = Math.floor(u);
  const fu = u - a;
  const fv = v - r;
  return fu + fv < 1 ? [2 * a + r, r] : [2 * a + r + 1, r];
}

/**
 * @param {Array<[number, number]>} pts
 * @returns {[number, number]}
 */
function centroid(pts) {
  return [(pts[0][0] + pts[1][0] + pts[2][0]) / 3, (pts[0][1] + pts[1][1] + pts[2][1]) / 3];
}

// How big the digits are, as a share of a tile's side: larger on the small icons
// (the rack, hands, summaries) so that they stay readable there.
export const DIGITS = { board: 0.24, icon: 0.27 };
// A digit's glyph, as a share of its font size: half its width (bold digits are
// 0.7 em wide) and half its height (the digits' height is 0.73 em).
const GLYPH_HALF_W = 0.35;
const GLYPH_HALF_H = 0.365;

// Where the digits of a triangle go: each digit's box (fontSize wide and high as
// above) sits inside the corner's 60-degree wedge, `margin` away from both sides
// (the outline's half width plus a gap), on the line from the corner to the centre.
// For an axis-aligned box in a 60-degree wedge the distance along that line is
// half height + sqrt(3) * half width + 2 * margin, for each corner of an up or a
// down triangle. Answers the text anchor of each digit (its baseline centre).
/**
 * @param {Array<[number, number]>} face
 * @param {number} fontSize
 * @param {number} margin
 * @returns {Array<[number, number]>}
 */
export function digitSpots(face, fontSize, margin) {
  const m = centroid(face);
  const d = (GLYPH_HALF_H + SQ3 * GLYPH_HALF_W) * fontSize + 2 * margin;
  return face.map((p) => {
    const len = Math.hypot(m[0] - p[0], m[1] - p[1]);
    const k = Math.min(d / len, 0.8);
    return [p[0] + (m[0] - p[0]) * k, p[1] + (m[1] - p[1]) * k + GLYPH_HALF_H * fontSize];
  });
}

// Draws one tile (numbers in the corners) into parent; returns its group.
// `size`: 'board' (the default) or 'icon' (a standalone small tile: larger digits).
/**
 * @param {Element} parent
 * @param {string} tile
 * @param {number} c
 * @param {number} r
 * @param {number} rotation
 * @param {string} [cls]
 * @param {'board' | 'icon'} [size]
 */
export function drawTile(parent, tile, c, r, rotation, cls, size) {
  const g = el('g', { class: 'tile ' + (cls || '') }, parent);
  const pts = corners(c, r).map(xy);
  const m = centroid(pts);
  const inset = pts.map((p) => /** @type {[number, number]} */ ([m[0] + (p[0] - m[0]) * 0.94, m[1] + (p[1] - m[1]) * 0.94]));
  g.style.transformOrigin = `${m[0]}px ${m[1]}px`;
  el('polygon', { class: 'face', points: inset.map((p) => p.join(',')).join(' ') }, g);
  const vals = values(tile, rotation);
  const icon = size === 'icon';
  const fontSize = (icon ? DIGITS.icon : DIGITS.board) * S;
  // The outline is 3.5 units wide on icons, 2.2 on the board (style.css), up to 5 when marked.
  const margin = (icon ? 1.75 : 2.25) + 0.015 * S;
  digitSpots(inset, fontSize, margin).forEach((q, k) => {
    const txt = el('text', { x: q[0].toFixed(2), y: q[1].toFixed(2), class: 'num n' + vals[k], 'font-size': fontSize }, g);
    txt.textContent = String(vals[k]);
  });
  return g;
}

// A small standalone SVG of a tile pointing up (for the rack, hands and summaries).
/**
 * @param {string} tile
 * @param {number} [rotation]
 * @param {string} [cls]
 */
export function tileIcon(tile, rotation, cls) {
  const svg = el('svg', { viewBox: `-6 ${-H - 6} ${S + 12} ${H + 12}`, class: 'tileicon ' + (cls || ''), role: 'img', 'aria-label': tile });
  drawTile(svg, tile, 0, 0, rotation || 0, '', 'icon');
  svg.dataset.tile = tile;
  return svg;
}

/**
 * What a board tells its page: a cell clicked (and by what pointer), hovered (null: left),
 * and a turn asked for with the wheel (+1 or -1).
 * @typedef {{onClick?: (cell: [number, number], pointer: string) => void, onHover?: (cell: [number, number] | null) => void, onRotate?: (dir: number) => void}} BoardHandlers
 */
/**
 * A tile on the board: its cell, rotation and seat; `last` the last played, `fresh` just played.
 * @typedef {{tile: string, cell: [number, number], rotation: number, player?: number, last?: boolean, fresh?: boolean}} BoardTile
 */
/**
 * The tile being placed: where, how turned, whether and what it scores, a second line.
 * @typedef {{tile: string, cell: [number, number], rotation: number, ok?: boolean, points?: number | null, note?: string | null, style?: string}} Ghost
 */

export class Board {
  /**
   * @param {SVGSVGElement} svg
   * @param {BoardHandlers} [handlers]
   */
  constructor(svg, handlers) {
    this.svg = svg;
    this.h = handlers || {};
    this.world = el('g', { class: 'world' }, svg);
    this.gGrid = el('g', { class: 'grid' }, this.world);
    this.gTiles = el('g', { class: 'tiles' }, this.world);
    this.gMarks = el('g', { class: 'marks' }, this.world);
    this.gGhost = el('g', { class: 'ghostlayer' }, this.world);
    this.view = { x: -4 * S, y: -3 * S, w: 8 * S, h: 6 * S };
    /** @type {BoardTile[]} */
    this.placed = [];
    /** @type {SVGElement | undefined} */
    this.gFlash = undefined;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.flashTimer = undefined;
    this.userMoved = false;
    /** @type {Map<number, [number, number]>} */
    this.pointers = new Map();
    this.applyView();
    this.listen();
  }

  applyView() {
    const v = this.view;
    this.svg.setAttribute('viewBox', `${v.x} ${v.y} ${v.w} ${v.h}`);
  }

  /**
   * @param {number} clientX
   * @param {number} clientY
   * @returns {[number, number]}
   */
  toSvg(clientX, clientY) {
    const pt = this.svg.createSVGPoint();
    pt.x = clientX;
    pt.y = clientY;
    const m = this.svg.getScreenCTM();
    if (!m) return [0, 0];
    const p = pt.matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /**
   * @param {number} clientX
   * @param {number} clientY
   */
  cellAtClient(clientX, clientY) {
    const [x, y] = this.toSvg(clientX, clientY);
    return cellAt(x, y);
  }

  /**
   * @param {number} factor
   * @param {number} [cx]
   * @param {number} [cy]
   */
  zoom(factor, cx, cy) {
    const v = this.view;
    // Zoomed out at most to 40 tiles across: the digits stay readable.
    const w = Math.min(Math.max(v.w * factor, 2 * S), Math.max(40 * S, v.w));
    const f = w / v.w;
    if (cx === undefined || cy === undefined) {
      cx = v.x + v.w / 2;
      cy = v.y + v.h / 2;
    }
    this.view = { x: cx - (cx - v.x) * f, y: cy - (cy - v.y) * f, w: v.w * f, h: v.h * f };
    this.userMoved = true;
    this.applyView();
  }

  // Frames every placed tile (and the cells around them).
  fit() {
    const rect = this.svg.getBoundingClientRect();
    const aspect = rect.width > 0 && rect.height > 0 ? rect.width / rect.height : 4 / 3;
    /** @type {Array<[number, number]>} */
    let pts = [];
    for (const p of this.placed) pts.push(...corners(p.cell[0], p.cell[1]).map(xy));
    if (!pts.length) pts = [xy([-1, -1]), xy([2, 2])];
    let x0 = Math.min(...pts.map((p) => p[0])) - S * 1.2;
    let x1 = Math.max(...pts.map((p) => p[0])) + S * 1.2;
    let y0 = Math.min(...pts.map((p) => p[1])) - S * 1.2;
    let y1 = Math.max(...pts.map((p) => p[1])) + S * 1.2;
    let w = Math.max(x1 - x0, 5 * S);
    let h = Math.max(y1 - y0, 4 * S);
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
    const cx = (x0 + x1) / 2;
    const cy = (y0 + y1) / 2;
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.userMoved = false;
    this.applyView();
  }

  // placements: [{tile, cell: [c, r], rotation, player, fresh, last}]
  /** @param {BoardTile[]} placements */
  setTiles(placements) {
    const before = this.placed.length;
    this.placed = placements;
    this.gTiles.replaceChildren();
    for (const p of placements) {
      const cls = `seat${p.player}` + (p.last ? ' last' : '') + (p.fresh ? ' enter' : '');
      const g = drawTile(this.gTiles, p.tile, p.cell[0], p.cell[1], p.rotation, cls);
      g.dataset.cell = p.cell.join(',');
      // The last tile: a dot in its middle (the digits sit in the corners) besides its outline.
      if (p.last) {
        const m = centroid(corners(p.cell[0], p.cell[1]).map(xy));
        el('circle', { cx: m[0], cy: m[1], r: S * 0.045, class: 'lastdot' }, g);
      }
    }
    if (!this.userMoved || placements.length < before) this.fit();
    else this.keepInView();
  }

  keepInView() {
    const last = this.placed[this.placed.length - 1];
    if (!last) return;
    const [x, y] = centroid(corners(last.cell[0], last.cell[1]).map(xy));
    const v = this.view;
    if (x < v.x || x > v.x + v.w || y < v.y || y > v.y + v.h) this.fit();
  }

  // marks: [{cell: [c, r], kind: 'legal' | 'open' | 'cand'}]
  /** @param {Array<{cell: [number, number], kind: string}>} marks */
  setMarks(marks) {
    this.gMarks.replaceChildren();
    for (const m of marks) {
      const pts = corners(m.cell[0], m.cell[1]).map(xy);
      const c = centroid(pts);
      const inset = pts.map((p) => [c[0] + (p[0] - c[0]) * 0.9, c[1] + (p[1] - c[1]) * 0.9]);
      const poly = el('polygon', { class: 'mark ' + m.kind, points: inset.map((p) => p.join(',')).join(' ') }, this.gMarks);
      poly.dataset.cell = m.cell.join(',');
    }
  }

  // ghost: {tile, cell, rotation, ok, points, note (a second, smaller line), style} or null.
  // `style` 'ok' (fits), 'bad' (does not fit) or 'plain' (not said: the hints are off);
  // without it, `ok` chooses between the first two.
  /** @param {Ghost | null} g */
  setGhost(g) {
    this.gGhost.replaceChildren();
    if (!g) return;
    const style = g.style || (g.ok ? 'ok' : 'bad');
    drawTile(this.gGhost, g.tile, g.cell[0], g.cell[1], g.rotation, 'ghost ' + style);
    const points = g.points;
    const has = points !== undefined && points !== null;
    if (has || g.note) {
      // Outside the tile, beyond its point (above an up tile, below a down one): the
      // digits stay readable.
      const pts = corners(g.cell[0], g.cell[1]).map(xy);
      const up = isUp(g.cell[0], g.cell[1]);
      const x = pts.reduce((a, p) => a + p[0], 0) / 3;
      /** @type {Array<[string, string]>} */
      const lines = [];
      if (has) lines.push(['ghostpoints', (points >= 0 ? '+' : '') + points]);
      if (g.note) lines.push(['ghostnote' + (style === 'bad' ? ' bad' : ''), g.note]);
      const top = up ? Math.min(...pts.map((p) => p[1])) - 10 - 22 * (lines.length - 1) : Math.max(...pts.map((p) => p[1])) + 24;
      lines.forEach(([cls, text], i) => { el('text', { x, y: top + 22 * i, class: cls }, this.gGhost).textContent = text; });
    }
  }

  // A number that rises from a cell and fades ("+12" for a play); `cls` styles it.
  /**
   * @param {[number, number]} cell
   * @param {string} text
   * @param {string} [cls]
   */
  floatText(cell, text, cls) {
    if (!this.gFlash) this.gFlash = el('g', { class: 'flashlayer' }, this.world);
    const m = centroid(corners(cell[0], cell[1]).map(xy));
    const t = el('text', { x: m[0], y: m[1], class: 'floatpts ' + (cls || '') }, this.gFlash);
    t.textContent = text;
    setTimeout(() => t.remove(), 1500);
    return t;
  }

  // The screen point (client coordinates) of a cell's centre.
  /**
   * @param {[number, number]} cell
   * @returns {[number, number]}
   */
  clientPoint(cell) {
    const m = centroid(corners(cell[0], cell[1]).map(xy));
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return [0, 0];
    return [ctm.a * m[0] + ctm.c * m[1] + ctm.e, ctm.b * m[0] + ctm.d * m[1] + ctm.f];
  }

  // Rings corner k (0, 1, 2 as in corners()) of a cell for a few seconds: the corner a
  // refusal names. null clears it.
  /**
   * @param {[number, number] | null} cell
   * @param {number} k
   */
  markCorner(cell, k) {
    if (!this.gFlash) this.gFlash = el('g', { class: 'flashlayer' }, this.world);
    for (const c of this.gFlash.querySelectorAll('.cornermark')) c.remove();
    clearTimeout(this.flashTimer);
    if (!cell || !corners(cell[0], cell[1])[k]) return;
    const p = xy(corners(cell[0], cell[1])[k]);
    const ring = el('circle', { cx: p[0], cy: p[1], r: S * 0.14, class: 'cornermark' }, this.gFlash);
    this.flashTimer = setTimeout(() => ring.remove(), 4000);
  }

  listen() {
    const svg = this.svg;
    /** @type {{x: number, y: number, view: {x: number, y: number, w: number, h: number}, type: string} | null} */
    let start = null;
    let moved = false;
    /** @type {{d: number} | null} */
    let pinch = null;
    svg.addEventListener('pointerdown', (e) => {
      svg.setPointerCapture(e.pointerId);
      this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        pinch = { d: Math.hypot(a[0] - b[0], a[1] - b[1]) };
        start = null;
      } else {
        start = { x: e.clientX, y: e.clientY, view: { ...this.view }, type: e.pointerType };
        moved = false;
      }
    });
    svg.addEventListener('pointermove', (e) => {
      if (this.pointers.has(e.pointerId)) this.pointers.set(e.pointerId, [e.clientX, e.clientY]);
      if (pinch && this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
        if (d > 0 && pinch.d > 0) {
          const [cx, cy] = this.toSvg((a[0] + b[0]) / 2, (a[1] + b[1]) / 2);
          this.zoom(pinch.d / d, cx, cy);
          pinch.d = d;
        }
        return;
      }
      if (start) {
        const dx = e.clientX - start.x;
        const dy = e.clientY - start.y;
        if (!moved && Math.hypot(dx, dy) > 6) moved = true;
        if (moved) {
          const rect = svg.getBoundingClientRect();
          const k = start.view.w / rect.width;
          this.view = { ...start.view, x: start.view.x - dx * k, y: start.view.y - dy * k };
          this.userMoved = true;
          this.applyView();
          return;
        }
      }
      if (this.h.onHover && e.pointerType === 'mouse') this.h.onHover(this.cellAtClient(e.clientX, e.clientY));
    });
    /** @param {PointerEvent} e */
    const end = (e) => {
      this.pointers.delete(e.pointerId);
      if (this.pointers.size < 2) pinch = null;
      if (start && !moved && e.type === 'pointerup' && this.h.onClick) {
        this.h.onClick(this.cellAtClient(e.clientX, e.clientY), start.type);
      }
      start = null;
    };
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);
    svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType === 'mouse' && this.h.onHover) this.h.onHover(null);
    });
    svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        if (e.shiftKey && this.h.onRotate) {
          this.h.onRotate(e.deltaY > 0 ? 1 : -1);
          return;
        }
        const [cx, cy] = this.toSvg(e.clientX, e.clientY);
        this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, cx, cy);
      },
      { passive: false },
    );
  }
}
