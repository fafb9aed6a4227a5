// @ts-check
// The controls that play a tile on the board, shared by the game (game.js), the tutorial
// (learn/lesson.js) and the puzzles (puzzles/play.js): pick a rack tile, turn it (button, R,
// a second click, the wheel), click a spot or drag the tile there (on touch: the first tap
// shows it, the second places it), or step through spots with the arrows and place with
// Enter; + and - zoom. Each screen says only what differs: what a placement does (send an
// intent, judge a lesson's try, judge a puzzle's try), when the player may act, how it redraws.
import { t } from '../i18n.js';
import { Board, tileIcon } from '../board.js';
import { toast } from '../dom.js';
import * as S from './state.js';

/** @typedef {import('../types/wire').Cell} Cell */
/**
 * A screen's part of the tile controls (see `tileControls`).
 * @typedef {object} Controls
 * @property {(cell: Cell, rotation: number) => unknown} place
 * @property {(tile: string) => void} pick
 * @property {() => void} turned
 * @property {() => void} ghost
 * @property {() => boolean} [canPlay]
 * @property {() => boolean} [canDrag]
 * @property {() => boolean} [canRotate]
 * @property {() => void} [noTile]
 * @property {() => void} [previewed]
 * @property {() => void} [wheeled]
 * @property {boolean} [tapAnywhere]
 * @property {() => void} [escape]
 * @property {() => Cell[]} [spots]
 * @property {string} [enterSkip]
 * @property {string} [ignore]
 * @property {(e: KeyboardEvent) => boolean} [key]
 * @property {{zoomIn: HTMLElement, zoomOut: HTMLElement, zoomFit: HTMLElement}} [zoom]
 */

/**
 * Makes the board on `svg` and wires the controls around the state `st` (game/state.js).
 * `on` holds the screen's part:
 * - `place(cell, rotation)`: the picked tile is played there (required);
 * - `pick(tile)`: a rack tile is picked; set `st.sel`, `st.rot` and redraw (required);
 * - `turned()`: redraw after the picked tile turned (required);
 * - `ghost()`: redraw the tile shown under the pointer (required);
 * - `canPlay()`: may a spot be played now (default: the player's turn);
 * - `canDrag()`: may a rack tile be dragged now (default: `canPlay`);
 * - `canRotate()`: may the picked tile turn now (default: yes);
 * - `noTile()`: a spot clicked with no tile picked (default: a toast);
 * - `previewed()`: a spot was chosen to show the tile on, before `ghost()`;
 * - `wheeled()`: after the wheel turned a rack tile;
 * - `tapAnywhere`: on touch the first tap shows the tile on any free spot, not only where it fits;
 * - `escape()`: the Escape key;
 * - `spots()`: the cells the arrows step through (no arrows, no Enter without it);
 * - `enterSkip`: a selector of the elements whose own Enter is left alone;
 * - `ignore`: a selector of the elements whose keys are left alone (beside form fields);
 * - `key(e)`: the screen's own keys; answers whether it took the key;
 * - `zoom`: `{ zoomIn, zoomOut, zoomFit }`, the zoom buttons.
 * Answers `{ board, bindRackTile, rotate, clickCell, close }`: `bindRackTile(button, tile)`
 * for `renderRack`, and `close()` removes the key and resize listeners.
 * @param {SVGSVGElement} svg
 * @param {S.GameState} st
 * @param {Controls} on
 */
export function tileControls(svg, st, on) {
  const canPlay = on.canPlay || (() => S.myTurn(st));
  const canDrag = on.canDrag || canPlay;
  const canRotate = on.canRotate || (() => true);
  const noTile = on.noTile || (() => toast(t('game.pick_tile')));
  const previewed = on.previewed || (() => {});
  const wheeled = on.wheeled || (() => {});
  const same = (/** @type {Cell | null} */ a, /** @type {Cell | null} */ b) => !!a && !!b && a.join() === b.join();

  const board = new Board(svg, {
    onHover: (cell) => {
      const moved = !cell || !st.hover || cell.join() !== st.hover.join();
      st.hover = cell;
      if (st.preview && (!cell || cell.join() !== st.preview.join())) st.preview = null;
      // Arriving on a spot where the tile fits only turned another way: turn it (rack too).
      if (moved && st.hints && S.snapRotation(st, cell)) on.turned();
      else on.ghost();
    },
    onClick: (cell, type) => clickCell(cell, type),
    onRotate: (dir) => rotate(dir),
  });
  if (on.zoom) {
    on.zoom.zoomIn.addEventListener('click', () => board.zoom(1 / 1.25));
    on.zoom.zoomOut.addEventListener('click', () => board.zoom(1.25));
    on.zoom.zoomFit.addEventListener('click', () => board.fit());
  }

  /** @param {number} dir */
  function rotate(dir) {
    if (!st.sel || !canRotate()) return;
    S.rotate(st, dir);
    on.turned();
  }

  /**
   * @param {Cell} cell
   * @param {string} pointerType
   */
  function clickCell(cell, pointerType) {
    if (!canPlay()) return;
    if (!st.sel) { noTile(); return; }
    if (S.occupied(st, cell)) return;
    // The tile fits there only turned another way: turn it and show it, not placed yet.
    if (S.snapRotation(st, cell)) {
      st.preview = cell;
      on.turned();
      return;
    }
    const eff = S.effective(st, cell);
    // On a touch screen the first tap shows the tile there, the second places it.
    if ((eff.ok || on.tapAnywhere) && pointerType === 'touch' && !same(st.preview, cell)) {
      st.preview = cell;
      previewed();
      on.ghost();
      return;
    }
    st.preview = null;
    return on.place(cell, eff.rotation);
  }

  /**
   * @param {HTMLButtonElement} b
   * @param {string} tile
   */
  function bindRackTile(b, tile) {
    b.addEventListener('click', () => { if (st.sel === tile) rotate(1); else on.pick(tile); });
    b.addEventListener('wheel', (e) => { e.preventDefault(); if (st.sel !== tile) { st.sel = tile; st.rot = 0; } rotate(e.deltaY > 0 ? 1 : -1); wheeled(); }, { passive: false });
    dragSource(b, tile);
  }

  // Drag a tile from the rack onto the board.
  /**
   * @param {HTMLElement} b
   * @param {string} tile
   */
  function dragSource(b, tile) {
    b.addEventListener('pointerdown', (e) => {
      if (!canDrag() || e.button !== 0) return;
      const start = [e.clientX, e.clientY];
      /** @type {SVGElement | null} */
      let dragged = null;
      const move = (/** @type {PointerEvent} */ ev) => {
        if (!dragged && Math.hypot(ev.clientX - start[0], ev.clientY - start[1]) > 8) {
          if (st.sel !== tile) on.pick(tile);
          dragged = tileIcon(tile, st.rot, 'dragging');
          document.body.append(dragged);
        }
        if (dragged) {
          dragged.style.left = ev.clientX - 30 + 'px';
          dragged.style.top = ev.clientY - 30 + 'px';
          const over = document.elementFromPoint(ev.clientX, ev.clientY);
          st.hover = over && over.closest('#board') ? board.cellAtClient(ev.clientX, ev.clientY) : null;
          on.ghost();
        }
      };
      const up = (/** @type {PointerEvent} */ ev) => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', up);
        if (!dragged) return;
        dragged.remove();
        const over = document.elementFromPoint(ev.clientX, ev.clientY);
        if (over && over.closest('#board')) clickCell(board.cellAtClient(ev.clientX, ev.clientY), 'mouse');
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    });
  }

  // Keys: R turns (Shift+R back), the arrows step through the spots, Enter places, Escape
  // drops the tile, + and - zoom.
  const ignore = 'input, select, textarea' + (on.ignore ? ', ' + on.ignore : '');
  const onKey = (/** @type {KeyboardEvent} */ e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (target && target.closest(ignore)) return;
    if (e.key === 'r' || e.key === 'R') rotate(e.shiftKey ? -1 : 1);
    else if (on.key && on.key(e)) return;
    else if (e.key === 'Escape') { if (on.escape) on.escape(); }
    else if (on.spots && (e.key === 'ArrowRight' || e.key === 'ArrowLeft') && st.sel && S.myTurn(st)) {
      const cells = on.spots();
      if (!cells.length) return;
      e.preventDefault();
      const was = st.preview;
      const at = was ? cells.findIndex((c) => c.join() === was.join()) : -1;
      st.preview = cells[(at + (e.key === 'ArrowRight' ? 1 : cells.length - 1) + (at < 0 && e.key === 'ArrowLeft' ? 1 : 0)) % cells.length];
      previewed();
      if (S.snapRotation(st, st.preview)) on.turned();
      else on.ghost();
    } else if (on.spots && e.key === 'Enter' && st.preview && st.sel && S.myTurn(st) && !(target && target.closest(on.enterSkip || 'a'))) {
      e.preventDefault();
      clickCell(st.preview, 'mouse');
    } else if (e.key === '+' || e.key === '=') board.zoom(1 / 1.25);
    else if (e.key === '-') board.zoom(1.25);
  };
  document.addEventListener('keydown', onKey);
  const onResize = () => { if (!board.userMoved) board.fit(); };
  window.addEventListener('resize', onResize);
  const close = () => {
    document.removeEventListener('keydown', onKey);
    window.removeEventListener('resize', onResize);
  };
  return { board, bindRackTile, rotate, clickCell, close };
}
