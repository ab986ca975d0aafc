// The node side of the majiang-ai bridge (tilerooms/bench/majiang_bridge.py): JSON lines on
// stdin / stdout. Each request names a player `key`; players are majiang-ai Players (seats the
// bridge plays) or plain majiang-core Players (shadow models, validation only).
"use strict";
const path = require("path");
const readline = require("readline");
const root = process.env.MAJIANG_PREFIX || path.join(process.cwd(), ".bench", "majiang");
const req = (name) => require(path.join(root, "node_modules", name));
const Majiang = req("@kobalab/majiang-core");
const AI = req("@kobalab/majiang-ai");

const players = new Map();

function tilesOf(shoupai) {
  const out = [];
  const b = shoupai._bingpai;
  for (const s of ["m", "p", "s", "z"]) {
    for (let n = 1; n < b[s].length; n++) {
      let count = b[s][n];
      if (s !== "z" && n === 5) {
        for (let r = 0; r < b[s][0]; r++) out.push(s + "0");
        count -= b[s][0];
      }
      for (let k = 0; k < count; k++) out.push(s + n);
    }
  }
  for (let k = 0; k < b._; k++) out.push("_");
  return out;
}

function snapshot(player) {
  const m = player.model;
  return {
    seats: [0, 1, 2, 3].map((l) => ({
      id: m.player_id[l],
      tiles: tilesOf(m.shoupai[l]),
      fulou: m.shoupai[l]._fulou.slice(),
      lizhi: m.shoupai[l].lizhi,
      he: m.he[l]._pai.slice(),
    })),
    defen: m.defen.slice(),
    baopai: m.shan ? m.shan.baopai.slice() : [],
    paishu: m.shan ? m.shan.paishu : null,
  };
}

function handle(r) {
  if (r.op === "new") {
    const p = r.ai ? new AI() : new Majiang.Player();
    p._bridgeAi = !!r.ai;
    players.set(r.key, p);
    const rule = Majiang.rule(r.rule || {});
    p.action({ kaiju: { id: r.id, rule: rule, title: "", player: ["", "", "", ""], qijia: 0 } }, p._bridgeAi ? () => {} : undefined);
    return { ok: true };
  }
  if (r.op === "drop") { players.delete(r.key); return { ok: true }; }
  const p = players.get(r.key);
  if (!p) return { error: "no player " + r.key };
  if (r.op === "model") return { model: snapshot(p) };
  if (r.op === "msgs") {
    const out = [];
    for (const msg of r.msgs) {
      const t0 = process.hrtime.bigint();
      let reply = null, error = null, called = false;
      try {
        // a shadow model gets no callback: majiang-core's base Player then only updates its board
        p.action(msg, p._bridgeAi ? (x) => { called = true; reply = x || null; } : undefined);
      } catch (e) {
        error = String(e && e.message || e).slice(0, 200);
      }
      out.push({ reply: reply, error: error, ms: Number(process.hrtime.bigint() - t0) / 1e6, called: called });
    }
    return { replies: out };
  }
  return { error: "bad op " + r.op };
}

const rl = readline.createInterface({ input: process.stdin });
rl.on("line", (line) => {
  let out;
  try { out = handle(JSON.parse(line)); } catch (e) { out = { error: String(e && e.message || e) }; }
  process.stdout.write(JSON.stringify(out) + "\n");
});
