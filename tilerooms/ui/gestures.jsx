// The board's gesture layer (issue 4): pointer events for mouse and touch alike.
//  - tap / click: left to the tile's own <button> (so Enter / Space work the same way);
//  - long press 250 ms: onChain({tile, steps}) every 250 ms, the server decides how far it goes;
//  - drag (moved > 8 px): onDrop({tiles, target}) with the selected tiles (or the pressed one);
//    starting a drag stops the chain. Only tiles refuse touch scrolling, the page still scrolls.
import React, { useEffect, useRef } from "react";

const MOVE_PX = 8;

function selectedIds(root) {
  return Array.from(root.querySelectorAll('[data-tile][data-selected="true"]')).map((e) => e.dataset.tile);
}

function cellAt(board, x, y) {
  const rect = board.getBoundingClientRect();
  const cols = Number(board.dataset.cols || 1);
  const rows = Number(board.dataset.rows || 1);
  const col = Math.min(cols - 1, Math.max(0, Math.floor(((x - rect.left) / rect.width) * cols)));
  const row = Math.min(rows - 1, Math.max(0, Math.floor(((y - rect.top) / rect.height) * rows)));
  return { row, col };
}

function dropTarget(root, x, y) {
  const hit = document.elementFromPoint(x, y);
  if (!hit || !root.contains(hit)) return null;
  const zone = hit.closest("[data-drop]");
  if (!zone) return null;
  const board = hit.closest("[data-board]");
  if (zone.dataset.drop === "set") {
    return { kind: "set", index: Number(zone.dataset.setIndex), cell: board ? cellAt(board, x, y) : null };
  }
  if (zone.dataset.drop === "board") return { kind: "table", cell: cellAt(zone, x, y) };
  if (zone.dataset.drop === "rack") {
    const cell = hit.closest("[data-rack-cell]");
    return { kind: "rack", cell: cell ? Number(cell.dataset.rackCell) : -1 };
  }
  return null;
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
        const target = dropTarget(root, e.clientX, e.clientY);
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
    root.addEventListener("pointerdown", down);
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    root.addEventListener("click", click, true);
    root.addEventListener("contextmenu", menu);
    return () => {
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
