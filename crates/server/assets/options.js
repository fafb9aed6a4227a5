// @ts-check
// The rule options, as the server's schema (`/api/meta` "options") describes them:
// an editor for each kind, their labels and values in words, and the refusals of a
// rule set worded with the options' labels. No option's range or value is written
// here: every figure comes from the schema, so a new option needs only its translations.
//
// An option: {name, kind, help, defaults: {preset: text}}; its label is t(help), its
// explanation t(help + '.help'). Kinds: bool, int {min, max}, int_or_none {min, max}
// ("none"), choice {values}, range {min, max} ("MIN-MAX"), list {len, min, max}
// (space-separated). Values are always the option's text.
import { h } from './dom.js';
import { t, has, errorText } from './i18n.js';

/** @typedef {import('./types/wire').OptionDef} OptionDef */
/** @typedef {import('./types/wire').OptionKind | {type?: undefined}} AnyKind An option's kind, or none known. */

/**
 * The option's label.
 * @param {OptionDef} spec
 */
export function label(spec) { return t(spec.help); }

/**
 * The option's explanation ('' when it has none).
 * @param {OptionDef} spec
 */
export function helpText(spec) { return has(spec.help + '.help') ? t(spec.help + '.help') : ''; }

/**
 * The option of this name in the schema, or undefined.
 * @param {OptionDef[]} schema
 * @param {string} name
 */
export function specOf(schema, name) { return schema.find((o) => o.name === name); }

/**
 * The option's value in a preset's values, else its default for that preset.
 * @param {OptionDef} spec
 * @param {Record<string, string> | null | undefined} values
 * @param {string} [preset]
 * @returns {string}
 */
export function valueOf(spec, values, preset) {
  if (values && values[spec.name] !== undefined) return values[spec.name];
  return (spec.defaults || {})[preset ?? ''] ?? '';
}

/**
 * The numbers of a "MIN-MAX" range value.
 * @param {unknown} text
 */
export function rangeOf(text) { return String(text).split('-').map(Number); }

/**
 * The numbers of a list value.
 * @param {unknown} text
 */
export function listOf(text) { return String(text).trim().split(/\s+/).map(Number); }

// Lists with one item per number of players, from the fewest the players option allows.
const PER_PLAYER_COUNT = ['hand_size'];

/**
 * The number each item of a list option stands for (players for the hand sizes, else 1, 2, 3...).
 * @param {OptionDef} spec
 * @param {OptionDef[]} [schema]
 */
export function itemNumbers(spec, schema) {
  const players = PER_PLAYER_COUNT.includes(spec.name) ? (schema || []).find((o) => o.kind.type === 'range') : null;
  const first = players && players.kind.type === 'range' ? players.kind.min : 1;
  return [...Array(spec.kind.type === 'list' ? spec.kind.len : 0).keys()].map((i) => first + i);
}

/**
 * @param {OptionDef} spec
 * @param {number} n
 */
function itemLabel(spec, n) {
  return has(spec.help + '.n') ? t(spec.help + '.n', { n }) : `${label(spec)} ${n}`;
}

/**
 * The words for "none" of an int_or_none option.
 * @param {OptionDef} spec
 */
export function noneText(spec) { return has(spec.help + '.none') ? t(spec.help + '.none') : t('opt.none'); }

/**
 * A number to show for an int_or_none option set to none: a preset's figure, else the least allowed.
 * @param {OptionDef} spec
 */
function someNumber(spec) {
  const n = Object.values(spec.defaults || {}).find((v) => v !== 'none' && v !== '');
  return n !== undefined ? n : /** @type {{min?: number}} */ (spec.kind).min;
}

/**
 * The number box and the "none" box of an int_or_none option, as two elements to lay out.
 * `ids`: {id, noneId}.
 * @param {OptionDef} spec
 * @param {string} value
 * @param {(text: string) => void} onChange
 * @param {{id: string, noneId: string}} ids
 */
export function intOrNoneParts(spec, value, onChange, ids) {
  const none = value === 'none';
  const bounds = /** @type {{min?: number, max?: number}} an int_or_none kind */ (spec.kind);
  const num = h('input', { type: 'number', min: bounds.min, max: bounds.max, id: ids.id, value: none ? someNumber(spec) : value, disabled: none });
  const box = h('input', { type: 'checkbox', checked: none, id: ids.noneId });
  const fire = () => onChange(box.checked ? 'none' : num.value);
  num.addEventListener('change', fire);
  box.addEventListener('change', () => { num.disabled = box.checked; fire(); });
  return [num, h('label', {}, box, ' ', noneText(spec))];
}

/**
 * The editor of one option, from its kind. `onChange` gets the new text; `prefix` names the
 * element ids (`prefix + name`); `schema` (every option) words list items.
 * @param {OptionDef} spec
 * @param {string} value
 * @param {(text: string) => void} onChange
 * @param {string} [prefix]
 * @param {OptionDef[]} [schema]
 */
export function control(spec, value, onChange, prefix = 'opt-', schema = []) {
  const name = spec.name;
  const id = prefix + name;
  /** @type {AnyKind} */
  const k = spec.kind || {};
  if (k.type === 'choice') {
    const s = h('select', { id, name }, ...k.values.map((v) => h('option', { value: v, selected: v === value }, has(`${spec.help}.${v}`) ? t(`${spec.help}.${v}`) : v)));
    s.addEventListener('change', () => onChange(s.value));
    return s;
  }
  if (k.type === 'bool') {
    const c = h('input', { type: 'checkbox', id, name, checked: value === 'true' });
    c.addEventListener('change', () => onChange(c.checked ? 'true' : 'false'));
    return c;
  }
  if (k.type === 'range' || k.type === 'list') {
    const range = k.type === 'range';
    const parts = range ? String(value).split('-') : String(value).trim().split(/\s+/);
    const labels = range ? [t(spec.help + '.min'), t(spec.help + '.max')] : itemNumbers(spec, schema).map((n) => itemLabel(spec, n));
    while (parts.length < labels.length) parts.push(String(k.min));
    const wrap = h('span', { class: 'numbers', id });
    const inputs = labels.map((l, i) => {
      const inp = h('input', { type: 'number', min: k.min, max: k.max, value: parts[i], 'aria-label': l, title: l });
      inp.addEventListener('change', () => onChange(inputs.map((x) => x.value).join(range ? '-' : ' ')));
      return inp;
    });
    wrap.append(...inputs);
    return wrap;
  }
  if (k.type === 'int_or_none') {
    return h('span', { class: 'numbers' }, ...intOrNoneParts(spec, value, onChange, { id, noneId: id + '-none' }));
  }
  if (k.type === 'int') {
    const inp = h('input', { type: 'number', min: k.min, max: k.max, id, name, value });
    inp.addEventListener('change', () => onChange(inp.value));
    return inp;
  }
  // A kind this page does not know yet: its text, as the server reads it.
  const inp = h('input', { type: 'text', id, name, value });
  inp.addEventListener('change', () => onChange(inp.value));
  return inp;
}

/**
 * Options of the rules engine that a form offers only where they can run: the Triominos
 * Challenge turn timer and its penalty, at live tables of the lobby (`offer`); never in the
 * score pad, which has no timeout entry. The rules pages still list them.
 * @type {string[]}
 */
export const NOT_OFFERED = ['timer', 'timer_penalty'];

/**
 * The house-rules grid: one labelled editor per option of the schema, in its order.
 * `values`: every option's text now; `base`: the preset's; `onChange(name, text)`;
 * `skip`: names shown elsewhere; `offer`: those of NOT_OFFERED to show all the same.
 * @param {import('./types/wire').OptionDef[]} schema
 * @param {{values: Record<string, string>, base: Record<string, string>, preset?: string, onChange: (name: string, text: string) => void, prefix?: string, skip?: string[], offer?: string[]}} how
 */
export function optionGrid(schema, { values, base, preset, onChange, prefix = 'opt-', skip = [], offer = [] }) {
  const grid = h('div', { class: 'options' });
  for (const spec of schema) {
    if (skip.includes(spec.name) || (NOT_OFFERED.includes(spec.name) && !offer.includes(spec.name))) continue;
    const value = valueOf(spec, values, preset);
    const changed = value !== valueOf(spec, base, preset);
    grid.append(h('div', { class: 'option' + (changed ? ' changed' : ''), 'data-option': spec.name },
      h('label', { for: prefix + spec.name }, label(spec)),
      control(spec, value, (v) => onChange(spec.name, v), prefix, schema),
      h('p', { class: 'help' }, helpText(spec))));
  }
  return grid;
}

/**
 * The options that differ from the preset's, to send with a new game or sheet.
 * @param {Record<string, string>} overrides
 * @param {Record<string, string>} base
 */
export function changedOptions(overrides, base) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const [k, v] of Object.entries(overrides)) if (v !== base[k]) out[k] = v;
  return out;
}

/**
 * An option's value in words (for the rules pages).
 * @param {OptionDef} spec
 * @param {string} value
 * @param {OptionDef[]} [schema]
 */
export function valueText(spec, value, schema) {
  /** @type {AnyKind} */
  const k = spec.kind || {};
  if (k.type === 'bool') return t(value === 'true' ? 'opt.yes' : 'opt.no');
  if (k.type === 'choice') return has(`${spec.help}.${value}`) ? t(`${spec.help}.${value}`) : value;
  if (k.type === 'int_or_none' && value === 'none') return noneText(spec);
  if (k.type === 'range') return rangeOf(value).join('–');
  if (k.type === 'list') {
    const v = listOf(value);
    return itemNumbers(spec, schema).map((n, i) => `${itemLabel(spec, n)}: ${v[i]}`).join(', ');
  }
  return String(value);
}

/**
 * A refused rule set (or any refusal) in words, naming an option by its label.
 * @param {unknown} e a refusal, or whatever a request threw
 * @param {OptionDef[]} [schema]
 */
export function rulesErrorText(e, schema) {
  const r = /** @type {{code?: string, params?: unknown} | null | undefined} */ (e);
  const p = /** @type {Record<string, unknown> | null | undefined} */ (r && r.params);
  if (!p || typeof p !== 'object' || typeof p.option !== 'string') return errorText(e);
  const spec = specOf(schema || [], p.option);
  const params = { ...p, option: spec ? label(spec) : p.option };
  if (r && r.code === 'inconsistent') {
    const key = 'errors.inconsistent.' + p.rule;
    return has(key) ? t(key, params) : t('errors.inconsistent', params);
  }
  if (r && r.code === 'bad_value') return t('errors.bad_value', params);
  if (r && r.code === 'unknown_option') return t('errors.unknown_option', params);
  return errorText(e);
}
