// @ts-check
// Translations: one JSON file per language; every string of the page goes through t(key).
export const LANGS = ['en', 'fr', 'es'];
/** @typedef {Record<string, unknown>} Params The values of a string's `{name}`s. */
/** @type {Record<string, string>} */
let dict = {};
/** @type {Record<string, string>} */
let fallback = {};
let current = 'en';

export function lang() { return current; }

export function detect() {
  const saved = localStorage.getItem('triominos.lang');
  if (saved && LANGS.includes(saved)) return saved;
  for (const l of navigator.languages || [navigator.language || 'en']) {
    const base = String(l).slice(0, 2).toLowerCase();
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

/**
 * An asset's address as the page's import map gives it (versioned, kept by the browser).
 * @param {string} path
 */
export function assetUrl(path) {
  const plain = '/assets/' + path;
  try { return typeof import.meta.resolve === 'function' ? import.meta.resolve(plain) : plain; } catch (e) { return plain; }
}

/** @param {string} l @returns {Promise<Record<string, string>>} */
async function load(l) {
  const r = await fetch(assetUrl(`i18n/${l}.json`));
  return r.json();
}

// Only the page's language is fetched: every language has every key (tests/i18n.rs), so
// English is needed as a fallback only on an English page.
/** @param {string} l @param {boolean} remember */
export async function setLang(l, remember) {
  if (!LANGS.includes(l)) l = 'en';
  if (remember) localStorage.setItem('triominos.lang', l);
  dict = await load(l);
  if (l === 'en') fallback = dict;
  current = l;
  document.documentElement.lang = l;
}

/** @type {Record<string, Intl.PluralRules>} */
const pluralRules = {};
/** The name of the level whose bot the others were measured against (Casual), from `/api/meta`. */
/** @param {import('./types/wire').Meta} m */
export function referenceLevel(m) {
  const info = (m.level_info || [])[0];
  const ref = info && m.level_info.find((x) => x.bot === info.against);
  return ref ? t('level.' + ref.id) : (info ? info.against : '');
}

/**
 * How strong a level measured ("wins 48% against Casual, 1 s a move"); '' if not measured.
 * @param {import('./types/wire').Meta} m
 * @param {string} id
 */
export function levelStrength(m, id) {
  const info = (m.level_info || []).find((x) => x.id === id);
  if (!info) return '';
  let strength;
  if (info.bot === info.against) strength = t('level.strength.reference');
  else {
    const p = { pct: Math.round(info.win_rate * 100), against: referenceLevel(m) };
    strength = info.at_least ? t('level.strength.at_least', p) : t('level.strength', p);
  }
  if (info.think_ms) strength += ', ' + t('level.thinks', { seconds: info.think_ms / 1000 });
  return strength;
}

/**
 * A level as the lobby's picker shows it: its name and how strong it measured.
 * @param {import('./types/wire').Meta} m
 * @param {string} id
 */
export function levelText(m, id) {
  const strength = levelStrength(m, id);
  return strength ? t('level.option', { level: t('level.' + id), strength }) : t('level.' + id);
}

/**
 * The plural category of a count in the page's language ('one', 'other', ...).
 * @param {unknown} n
 */
export function plural(n) {
  if (!pluralRules[current]) pluralRules[current] = new Intl.PluralRules(current);
  return pluralRules[current].select(Number(n));
}

// A word that depends on a count: {n|one:tile|other:tiles} is "tile" when the
// language's plural rules put n in the category "one", else the form of its
// category, else the "other" one. Each language writes its own categories.
/** @param {string} name @param {string} forms @param {Params} [params] */
function pluralForm(name, forms, params) {
  const n = params ? params[name] : undefined;
  /** @type {Record<string, string>} */
  const map = {};
  for (const part of forms.split('|')) {
    const i = part.indexOf(':');
    if (i > 0) map[part.slice(0, i)] = part.slice(i + 1);
  }
  if (n === undefined || n === null || Number.isNaN(Number(n))) return map.other ?? '';
  // `#` in a form is the count itself: {tiles|one:qu'une tuile|other:que # tuiles}.
  return (map[plural(n)] ?? map.other ?? '').replace(/#/g, String(n));
}

// Elision, a rule of the language rather than of each sentence: in French a short word
// before a placeholder (de, que, le, la, ne, jusque, lorsque, puisque) drops its vowel when
// the value begins with a vowel or a mute h: "une place de {figure}" with "hexagone" is
// "une place d'hexagone", "alors que {name}" with "Expert" is "alors qu'Expert". The
// values elided are the page's own words and names, so no aspirated h is among them.
/** @type {Record<string, RegExp>} */
const ELIDING = { fr: /(^|[^\p{L}'])(de|que|le|la|ne|jusque|lorsque|puisque) \{(\w+)\}/giu };
const VOWEL = /^[aeiouyhàâäéèêëîïôöùûüæœ]/i;

/**
 * `s` with its eliding words elided before the values of `params` that call for it.
 * @param {string} s
 * @param {Params} [params]
 */
function elide(s, params) {
  const rule = ELIDING[current];
  if (!rule || !params) return s;
  return s.replace(rule, (/** @type {string} */ m, /** @type {string} */ before, /** @type {string} */ word, /** @type {string} */ k) => {
    const v = params[k];
    if (v === undefined || !VOWEL.test(String(v))) return m;
    return before + word.slice(0, -1) + "'{" + k + '}';
  });
}

// t('key', {name: 'Ann'}) -> the string with {name} replaced and the plural forms
// chosen; a missing key shows itself.
/** @param {string} key @param {Params} [params] @returns {string} */
export function t(key, params) {
  let s = dict[key] ?? fallback[key];
  if (s === undefined) return key;
  s = s.replace(/\{(\w+)\|([^{}]*)\}/g, (_m, /** @type {string} */ k, /** @type {string} */ forms) => pluralForm(k, forms, params));
  s = elide(s, params);
  if (params) s = s.replace(/\{(\w+)\}/g, (m, /** @type {string} */ k) => (params[k] !== undefined ? String(params[k]) : m));
  return s;
}

/** @param {string} key */
export function has(key) { return key in dict || key in fallback; }

/** A spot in words, from its name as the server sends it ({side, next_to}): "left of 5-5-5". */
/** @param {{side: string, next_to: string}} spot */
export function spotWords(spot) { return t('sr.side.' + spot.side, { tile: spot.next_to }); }

/**
 * A move as people read it, from its name as the server sends it ({notation, spot}: core's
 * writer, never a cell nor a turn number) and the tile placed: "255L555, 2-5-5 left of
 * 5-5-5"; a draw or a pass by its notation; without a name, the tile alone.
 * @param {{notation: string, spot: {side: string, next_to: string} | null} | null | undefined} name
 * @param {string} [tile]
 */
export function moveWords(name, tile) {
  if (!name) return tile || '';
  if (!tile) return name.notation;
  return t('move.words', { move: name.notation, tile, spot: name.spot ? spotWords(name.spot) : t('sr.in_middle') });
}

/**
 * What a spot's corners must hold, in words (`needs`: the number at each corner clockwise
 * from corner 0, null where any goes; null when no tile can fit): "needs 5 at the top and 2
 * at the bottom-right".
 * @param {Array<number | null | undefined> | null | undefined} needs
 * @param {unknown} up
 */
export function needsText(needs, up) {
  if (!needs) return t('sr.needs_dead');
  /** @type {string[]} */
  const parts = needs.map((n, k) => (n === null || n === undefined ? null : t('sr.needs_at', { n, corner: t(`sr.corner.${up ? 'up' : 'down'}.${k}`) }))).filter((x) => x !== null);
  if (!parts.length) return t('sr.needs_any');
  return t('sr.needs', { corners: new Intl.ListFormat(current, { style: 'long', type: 'conjunction' }).format(parts) });
}

/**
 * A refusal as the server sends it: `{code, params}`.
 * @typedef {{code: string, params?: unknown}} Refusal
 */

/**
 * A typed move the server's reader refused ({code, params}), in words.
 * @param {Refusal} e
 */
function notationText(e) {
  /** @type {Params} */
  const p = Object.assign({}, e.params || {});
  if (p.spot) p.spot = spotWords(/** @type {{side: string, next_to: string}} */ (p.spot));
  if (p.side) p.side = t('sr.side_word.' + p.side);
  for (const k of ['candidates', 'fits']) if (Array.isArray(p[k])) p[k] = p[k].join(', ');
  if (e.code === 'does_not_fit') p.needs = needsText(/** @type {Array<number | null>} */ (p.needs), p.up);
  if (e.code === 'no_such_side') p.sides = t(p.up ? 'sr.sides_up' : 'sr.sides_down');
  if (e.code === 'bad_tile' && p.canonical) return t('errors.notation.bad_tile_turned', p);
  // Nothing read before the word: it is not a move at all ("hello"), not a bad ending.
  if (e.code === 'unexpected' && !p.after) return t('errors.notation.not_a_move', p);
  const key = 'errors.notation.' + e.code;
  return has(key) ? t(key, p) : String(p.text || t('errors.unknown', { code: e.code }));
}

// A refusal from the server ({code, params}) worded in the page's language.
/**
 * A refusal (or whatever a request threw: a `catch`'s value) in words.
 * @param {unknown} thrown
 */
export function errorText(thrown) {
  if (!thrown) return '';
  const e = /** @type {Refusal} */ (thrown);
  const inner = /** @type {Refusal | null | undefined} */ (e.params);
  if (e.code === 'notation' && inner && inner.code) return notationText(inner);
  if (e.code === 'placement' && inner && inner.code) {
    /** @type {Params} */
    const p = Object.assign({}, inner.params || {});
    if (p.corner !== undefined) p.corner = t('corner.' + p.corner);
    return t('errors.placement.' + inner.code, p);
  }
  let params = /** @type {Params | undefined} */ (e.params);
  if (params && typeof params !== 'object') params = { value: params };
  if (Array.isArray(e.params)) params = { tiles: e.params.join(', ') };
  if (e.code === 'tile_not_in_hand' || e.code === 'must_play_drawn_tile') params = { tile: e.params };
  if (e.code === 'may_not_pass') return t('errors.may_not_pass.' + e.params);
  const key = 'errors.' + e.code;
  return has(key) ? t(key, params || {}) : t('errors.unknown', { code: e.code });
}

// Replaces the text of every [data-i18n] element under root.
/** @param {ParentNode} root */
export function applyI18n(root) {
  for (const el of root.querySelectorAll('[data-i18n]')) if (el instanceof HTMLElement) el.textContent = t(el.dataset.i18n || '');
}

// A seat's name as every page words it (the front page's list of games too, which loads
// no game module).
/**
 * A game's seats, as every game answer names them.
 * @typedef {{seats: Array<{name?: string | null, kind?: string, level?: string | null}>}} Seated
 */

/** @param {Seated | null} game @param {number} i */
function baseName(game, i) {
  const s = (game ? game.seats[i] : null) || {};
  return s.name || (s.kind === 'bot' ? t('level.' + s.level) : t('seat.player', { n: i + 1 }));
}

/**
 * A seat's name, numbered when two seats share it, "(you)" for `you`.
 * @param {Seated | null} game (null: before the game is known, a seat by its number)
 * @param {number} i
 * @param {number | null} [you]
 */
export function seatName(game, i, you) {
  let n = baseName(game, i);
  // Two seats with the same name (two bots of one level): number them.
  if (game && game.seats.some((_, j) => j !== i && baseName(game, j) === n)) n += ' ' + (i + 1);
  if (you !== undefined && you !== null && i === you) n += ' ' + t('seat.you');
  return n;
}
