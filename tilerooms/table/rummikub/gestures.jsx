// The board's gesture layer (issue 4): pointer events for mouse and touch alike.
//  - tap / click: left to the tile's own <button> (so Enter / Space work the same way);
//  - long press 250 ms: onChain({tile, steps}) every 250 ms, the server decides how far it goes;
//  - drag (moved > 8 px): onDrop({tiles, target}) with the selected tiles (or the pressed one);
//    starting a drag stops the chain. Only tiles refuse touch scrolling, the page still scrolls.
//  - a drop on the table becomes the free board spot right after the set the drop point follows
//    in the screen's flow (the sets flow in the engine's reading order);
//  - layout: the board takes the viewport's height below the header, and the table's tile width
//    (--tw) is the biggest that lets every set fit (sizeGame, fitTable).
import React, { useEffect, useRef } from "react";

const MOVE_PX = 8;

function selectedIds(root) {
  return Array.from(root.querySelectorAll('[data-tile][data-selected="true"]')).map((e) => e.dataset.tile);
}

// the engine's board is BOARD_COLS wide; a set needs one free cell between it and a neighbour
function fitsSpan(spans, row, col, len, cols) {
  if (col < 0 || col + len > cols) return false;
  return !spans.some((s) => s.row === row && col <= s.col + s.len && s.col <= col + len);
}

// sets of the table in reading order, with their engine spots and boxes on the screen
function tableSets(board) {
  return Array.from(board.querySelectorAll('[data-drop="set"]'))
    .map((el) => ({ el, order: Number(el.dataset.order), row: Number(el.dataset.row), col: Number(el.dataset.col), len: Number(el.dataset.size), rect: el.getBoundingClientRect() }))
    .sort((a, b) => a.order - b.order);
}

// The set a drop point comes after, as the screen flows the sets (line by line, left to right).
function setBefore(sets, x, y) {
  let before = null;
  for (const s of sets) {
    const r = s.rect;
    if (r.top > y) break; // a later line
    const lineBottom = Math.max(...sets.filter((o) => Math.abs(o.rect.top - r.top) < 2).map((o) => o.rect.bottom));
    if (y > lineBottom || r.left + r.width / 2 <= x) before = s;
  }
  return before;
}

// The free board spot, in the engine's reading order, nearest after `after` (a set) or from the
// start: a screen that flows the sets shows the new set right there (service page: only the moved
// set is nudged). The server checks it again and nudges it if the table changed meanwhile.
function spotAfter(board, sets, after, len) {
  const cols = Number(board.dataset.cols || 28);
  const width = Math.max(1, Math.min(len, cols));
  let row = after ? after.row : 0;
  let col = after ? after.col + Math.min(after.len, cols) + 1 : 0;
  for (let i = 0; i < 200; i += 1) {
    for (let c = col; c + width <= cols; c += 1) if (fitsSpan(sets, row, c, width, cols)) return { row, col: c };
    row += 1;
    col = 0;
  }
  return after ? { row: after.row + 1, col: 0 } : { row: 0, col: 0 };
}

function dropTarget(root, x, y, count) {
  const hit = document.elementFromPoint(x, y);
  if (!hit || !root.contains(hit)) return null;
  const zone = hit.closest("[data-drop]");
  if (!zone) return null;
  const board = hit.closest("[data-board]");
  if (zone.dataset.drop === "set") {
    // a tile that cannot join the set goes to the free spot right after it
    const sets = board ? tableSets(board) : [];
    const aim = sets.find((s) => s.el === zone);
    return { kind: "set", index: Number(zone.dataset.setIndex), cell: board && aim ? spotAfter(board, sets, aim, count) : null };
  }
  if (zone.dataset.drop === "board") {
    const sets = tableSets(zone);
    return { kind: "table", cell: spotAfter(zone, sets, setBefore(sets, x, y), count) };
  }
  if (zone.dataset.drop === "rack") {
    const cell = hit.closest("[data-rack-cell]");
    return { kind: "rack", cell: cell ? Number(cell.dataset.rackCell) : -1 };
  }
  return null;
}

// -- layout: the board fills the screen below the header; the table's tile size is fitted ----
const TILE_MAX = 44; // a rack tile's width: table tiles never grow past it
const TILE_MIN = 14;

// the board gets the viewport's height from its top down (the page itself never scrolls)
function sizeGame(root) {
  const top = root.getBoundingClientRect().top + window.scrollY;
  const body = root.closest(".tr-page-body");
  const below = body ? parseFloat(getComputedStyle(body).paddingBottom) || 0 : 0;
  const height = Math.max(300, Math.floor(window.innerHeight - top - below));
  if (root.style.height !== height + "px") root.style.height = height + "px";
}

// the biggest tile width (whole px) at which every set fits the table's box without scrolling;
// 크게 보기 doubles it in a twice-as-wide table that pans
function fitTable(root) {
  const box = root.querySelector(".tr-board-table");
  const table = root.querySelector("#table");
  const board = root.querySelector("#board");
  if (!box || !table || !board) return;
  const zoom = board.dataset.zoom === "true" ? 2 : 1;
  const width = box.clientWidth * zoom;
  const height = box.clientHeight * zoom;
  if (!width || !height) return;
  const sets = Array.from(table.querySelectorAll('[data-drop="set"]'));
  const pad = parseFloat(getComputedStyle(table).paddingBottom) || 0;
  const fits = (t) => {
    table.style.setProperty("--tw", t * zoom + "px");
    let bottom = 0;
    let right = 0;
    for (const s of sets) {
      bottom = Math.max(bottom, s.offsetTop + s.offsetHeight);
      right = Math.max(right, s.offsetLeft + s.offsetWidth);
    }
    return bottom + pad <= height + 0.5 && right <= width + 0.5;
  };
  const last = Number(table.dataset.tw || 0);
  if (zoom > 1 && last) {
    // 크게 보기 shows the whole table's fit at twice the size and pans: no fitting while zoomed
    table.style.setProperty("--tw", last * zoom + "px");
    return;
  }
  let best;
  if (last && fits(last) && (last >= TILE_MAX || !fits(last + 1))) best = last;
  else if (fits(TILE_MAX)) best = TILE_MAX;
  else {
    let lo = TILE_MIN;
    let hi = TILE_MAX; // fits(lo) is assumed: the smallest tile is the floor
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    best = lo;
  }
  table.style.setProperty("--tw", best * zoom + "px");
  table.dataset.tw = String(best);
}

function makeGhost(root, tiles, x, y) {
  const ghost = document.createElement("div");
  ghost.className = "tr-drag-ghost";
  ghost.style.cssText = "position:fixed;z-index:1000;pointer-events:none;display:flex;gap:3px;opacity:0.9;transform:translate(-50%,-60%)";
  for (const id of tiles) {
    const el = root.querySelector(`[data-tile="${id}"]`);
    if (el) ghost.appendChild(el.cloneNode(true));
  }
  ghost.style.left = x + "px";
  ghost.style.top = y + "px";
  document.body.appendChild(ghost);
  return ghost;
}

export function GestureLayer({ children, onChain, onDrop, longPressMs = 250, ...rest }) {
  const ref = useRef(null);
  const handlers = useRef({});
  handlers.current = { onChain, onDrop };

  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    let press = null;
    // the click a drag or a long press ends with is not a tap; a touch drag sends no click at all,
    // so the next press clears the flag instead of its tap being eaten (e.g. on 배치 확정)
    let suppressClick = false;

    const stopTimers = () => {
      if (press && press.timer) {
        clearTimeout(press.timer);
        clearInterval(press.timer);
        press.timer = null;
      }
    };
    const down = (e) => {
      suppressClick = false;
      const tile = e.target.closest("[data-tile]");
      if (!tile || !root.contains(tile) || tile.dataset.movable !== "true" || e.button > 0) return;
      press = { id: e.pointerId, tile: tile.dataset.tile, x: e.clientX, y: e.clientY, steps: 0, chain: false, dragging: false };
      press.timer = setTimeout(() => {
        if (!press || press.dragging) return;
        press.chain = true;
        press.steps = 1;
        handlers.current.onChain?.({ tile: press.tile, steps: 1 });
        press.timer = setInterval(() => {
          press.steps += 1;
          handlers.current.onChain?.({ tile: press.tile, steps: press.steps });
        }, longPressMs);
      }, longPressMs);
    };
    const move = (e) => {
      if (!press || e.pointerId !== press.id) return;
      const dx = e.clientX - press.x;
      const dy = e.clientY - press.y;
      if (!press.dragging && dx * dx + dy * dy > MOVE_PX * MOVE_PX) {
        stopTimers(); // service page: starting a drag stops the chain
        press.dragging = true;
        const selected = selectedIds(root);
        press.tiles = selected.includes(press.tile) ? selected : [press.tile];
        press.ghost = makeGhost(root, press.tiles, e.clientX, e.clientY);
      }
      if (press.dragging) {
        e.preventDefault();
        press.ghost.style.left = e.clientX + "px";
        press.ghost.style.top = e.clientY + "px";
      }
    };
    const up = (e) => {
      if (!press || e.pointerId !== press.id) return;
      stopTimers();
      if (press.dragging) {
        press.ghost.remove();
        const target = dropTarget(root, e.clientX, e.clientY, press.tiles.length);
        if (target) handlers.current.onDrop?.({ tiles: press.tiles, target });
        suppressClick = true;
      } else if (press.chain) {
        suppressClick = true;
      }
      press = null;
    };
    const cancel = (e) => {
      if (!press || e.pointerId !== press.id) return;
      stopTimers();
      if (press.ghost) press.ghost.remove();
      press = null;
    };
    const click = (e) => {
      if (suppressClick) {
        suppressClick = false;
        e.stopPropagation();
        e.preventDefault();
      }
    };
    const menu = (e) => {
      if (e.target.closest("[data-tile]")) e.preventDefault(); // no long-press menu on phones
    };
    // layout: after every change of the board (before the browser paints it) and on resizes
    let queued = false;
    const layout = () => {
      queued = false;
      sizeGame(root);
      fitTable(root);
    };
    const schedule = () => {
      if (!queued) {
        queued = true;
        queueMicrotask(layout);
      }
    };
    const mutations = new MutationObserver(schedule);
    mutations.observe(root, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ["data-zoom", "data-valid", "data-spare", "hidden"] });
    const resizes = new ResizeObserver(schedule);
    const box = root.querySelector(".tr-board-table");
    if (box) resizes.observe(box);
    window.addEventListener("resize", schedule);
    layout();
    root.addEventListener("pointerdown", down);
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    root.addEventListener("click", click, true);
    root.addEventListener("contextmenu", menu);
    return () => {
      mutations.disconnect();
      resizes.disconnect();
      window.removeEventListener("resize", schedule);
      root.removeEventListener("pointerdown", down);
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      root.removeEventListener("click", click, true);
      root.removeEventListener("contextmenu", menu);
    };
  }, [longPressMs]);

  return (
    <div ref={ref} {...rest}>
      {children}
    </div>
  );
}
