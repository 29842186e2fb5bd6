// The table's sounds, synthesized with the Web Audio API (no sound files to download): a wooden click for a
// discard, a soft tick for another seat's draw, a pop for a call (chi, pon, kan, North), a sting for riichi, a
// brighter one for a win (tsumo or ron), a falling pair for a drawn hand, and a chime when a decision opens for
// you. Which sounds play follows the events of each update (the dispatcher calls onEvents).
//
// Browsers let a page make sound only after the person has interacted with it, so the audio context is made at
// the first click, tap or key press; a sound due before that is skipped, never queued. Any failure of the audio
// system (no device, a context the browser refuses) leaves the page silent and quiet: no sound is worth an error.

import { state } from "./store.js";

/** How many times each sound has been played since the page loaded ({discard: 3, turn: 1, ...}): what the page
 * really made heard, for anything that wants to know (the browser tests read it). */
export const heard = {};

/** The sounds of the events (mjai names); hora and tsumo depend on who acted and are decided in soundOf. */
const EVENT_SOUNDS = { dahai: "discard", chi: "call", pon: "call", daiminkan: "call", kakan: "call", ankan: "call",
  nukidora: "call", reach: "riichi", ryukyoku: "ryukyoku" };
/** seconds between the sounds of one update (three CPU discards in a row click one after the other) */
const SPACING = 0.09;
/** at most this many sounds per update: a burst of a whole go-round (the CPUs at full speed) stays short */
const MOST = 8;

let ctx = null;
let out = null;
let noise = null;
/** the prompt (its seq) we chimed for: the same prompt comes in several updates while others answer */
let chimed = null;

function unlock() {
  try {
    if (!ctx) {
      const Context = window.AudioContext || window.webkitAudioContext;
      if (!Context) { stopListening(); return; }
      ctx = new Context();
      out = ctx.createGain();
      out.connect(ctx.destination);
    }
    if (ctx.state === "suspended") ctx.resume().catch(() => {});
    if (ctx.state === "running") stopListening();
  } catch {
    ctx = null; // no audio here: the table stays silent
    stopListening();
  }
}

const GESTURES = ["pointerdown", "keydown", "touchend"];
function stopListening() { for (const type of GESTURES) window.removeEventListener(type, unlock, true); }
for (const type of GESTURES) window.addEventListener(type, unlock, true);

/** The volume the options ask for (0 when muted); loudness grows with the square, as the ear hears it. */
function level() {
  const o = state.options;
  if (o.mute) return 0;
  const v = Math.min(1, Math.max(0, Number(o.volume ?? 0.6)));
  return v * v;
}

/** Plays a named sound now (or `delay` seconds from now). Returns whether it was played. */
export function play(name, delay = 0) {
  const voice = VOICES[name];
  const gain = level();
  if (!voice || gain <= 0 || !ctx || ctx.state !== "running") return false;
  try {
    out.gain.setValueAtTime(gain, ctx.currentTime);
    voice(ctx.currentTime + 0.01 + delay);
    heard[name] = (heard[name] || 0) + 1;
    return true;
  } catch {
    return false;
  }
}

/** The sounds of one update's events, in order, and the chime when a decision opens for us. Called by the
 * dispatcher after it wrote the update into the store (state.update is the update, state.answered says whether an
 * option answered the prompt already). An update sent on (re)connecting tells the past: it makes no sound. */
export function onEvents(events, state) {
  const msg = state.update;
  if (!msg || msg.full) { chimed = msg && msg.seq; return; }
  const me = state.spectating ? null : state.you;
  const fresh = !!msg.seq && msg.seq !== chimed && state.answered !== msg.seq && me !== null;
  const names = [];
  for (const ev of events) {
    const name = soundOf(ev, me, fresh);
    if (name) names.push(name);
  }
  const sounds = names.slice(0, fresh ? MOST - 1 : MOST); // the first of a burst: our own discard among them
  if (fresh) { sounds.push("turn"); chimed = msg.seq; }
  sounds.forEach((name, i) => play(name, i * SPACING));
}

function soundOf(ev, me, fresh) {
  if (ev.type === "hora") return ev.actor === ev.target ? "tsumo" : "ron";
  if (ev.type === "tsumo") return ev.actor === me && fresh ? null : "draw"; // our own draw: the turn's chime says it
  return EVENT_SOUNDS[ev.type] || null;
}

// ---------------------------------------------------------------- the voices
// Each voice schedules a few short notes from time t; every node stops itself, nothing is kept.

function envelope(t, peak, attack, length) {
  const g = ctx.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(peak, t + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, t + length);
  g.connect(out);
  return g;
}

/** One note: an oscillator of `type` from `freq` (gliding to `to`), `length` seconds long. */
export function tone(t, { type = "sine", freq, to = null, length, peak, attack = 0.004 }) {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t);
  if (to) osc.frequency.exponentialRampToValueAtTime(to, t + length);
  osc.connect(envelope(t, peak, attack, length));
  osc.start(t);
  osc.stop(t + length + 0.02);
}

/** A burst of noise through a band-pass filter: the contact of a tile on the table, the shimmer of a sting. */
export function burst(t, { freq, q = 1, length, peak }) {
  if (!noise) {
    noise = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.5), ctx.sampleRate);
    const data = noise.getChannelData(0);
    for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  }
  const src = ctx.createBufferSource();
  src.buffer = noise;
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = freq;
  filter.Q.value = q;
  src.connect(filter).connect(envelope(t, peak, 0.002, length));
  src.start(t);
  src.stop(t + length + 0.02);
}

/** the voices by name; the superpowers' effects (powerfx.js) add theirs */
export const VOICES = {
  // a wooden click: a short knock with a hollow body under it
  discard: (t) => {
    burst(t, { freq: 2600, q: 1.4, length: 0.03, peak: 0.5 });
    tone(t, { freq: 880, to: 620, length: 0.08, peak: 0.45, attack: 0.002 });
    tone(t, { type: "triangle", freq: 240, to: 180, length: 0.06, peak: 0.25, attack: 0.002 });
  },
  // a soft tick, well under the discard
  draw: (t) => {
    burst(t, { freq: 5200, q: 2, length: 0.018, peak: 0.12 });
    tone(t, { freq: 2100, length: 0.03, peak: 0.05, attack: 0.002 });
  },
  // two quick rising notes
  call: (t) => {
    burst(t, { freq: 2000, q: 1, length: 0.04, peak: 0.3 });
    tone(t, { type: "triangle", freq: 587, length: 0.1, peak: 0.35 });
    tone(t + 0.07, { type: "triangle", freq: 880, length: 0.16, peak: 0.35 });
  },
  // a low thump and a ringing fifth with a shimmer on top
  riichi: (t) => {
    tone(t, { freq: 140, to: 60, length: 0.3, peak: 0.6, attack: 0.003 });
    for (const f of [440, 659.3, 880]) tone(t, { type: "triangle", freq: f, length: 0.8, peak: 0.16, attack: 0.01 });
    burst(t, { freq: 6500, q: 0.8, length: 0.35, peak: 0.12 });
  },
  // a bright rising arpeggio over a thump
  tsumo: (t) => {
    tone(t, { freq: 150, to: 70, length: 0.3, peak: 0.5, attack: 0.003 });
    [523.3, 659.3, 784, 1046.5].forEach((f, i) => tone(t + i * 0.07, { type: "triangle", freq: f, length: 0.6, peak: 0.22 }));
    burst(t + 0.2, { freq: 7000, q: 0.7, length: 0.4, peak: 0.08 });
  },
  // a sharp hit first (the tile taken from another), then the arpeggio a step higher
  ron: (t) => {
    burst(t, { freq: 3000, q: 1, length: 0.05, peak: 0.55 });
    tone(t, { freq: 1200, to: 400, length: 0.1, peak: 0.35, attack: 0.002 });
    [587.3, 740, 880, 1174.7].forEach((f, i) => tone(t + 0.06 + i * 0.07, { type: "triangle", freq: f, length: 0.6, peak: 0.22 }));
  },
  // a bell-like two-note chime, soft but unlike any table sound
  turn: (t) => {
    tone(t, { freq: 1318.5, length: 0.45, peak: 0.14, attack: 0.005 });
    tone(t, { freq: 1318.5 * 2.76, length: 0.18, peak: 0.03, attack: 0.003 });
    tone(t + 0.12, { freq: 1568, length: 0.55, peak: 0.12, attack: 0.005 });
  },
  // a falling pair: the hand ends without a winner
  ryukyoku: (t) => {
    tone(t, { type: "triangle", freq: 392, length: 0.35, peak: 0.2, attack: 0.01 });
    tone(t + 0.18, { type: "triangle", freq: 311.1, length: 0.5, peak: 0.2, attack: 0.01 });
  },
};
