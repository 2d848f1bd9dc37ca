// runtime/wire/fields.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
import { admits, coercePlain, coerceText, fieldText, plainText } from './coerce.js';
import { decodeFormComponent, encodeFormComponent, } from './urlencoded.js';
const STRINGS = ['string'];
function isBlob(value) {
    return typeof Blob !== 'undefined' && value instanceof Blob;
}
/**
 * An operation's fields by location, computed once per field list rather than per request (the
 * operation table is constant; a list that changed length is grouped again).
 */
const groupedFields = new WeakMap();
export function fieldsByLocation(fields) {
    let groups = groupedFields.get(fields);
    if (groups === undefined || groups.count !== fields.length) {
        groups = { path: [], query: [], header: [], body: [], count: fields.length };
        for (const field of fields)
            groups[field.in]?.push(field);
        groupedFields.set(fields, groups);
    }
    return groups;
}
/**
 * Fields by name, once per list (the lists of fieldsByLocation are stable). With two fields of
 * one name (a query and a body field), the first wins, as a linear search would have it.
 */
const namedFields = new WeakMap();
export function fieldsByName(fields) {
    let named = namedFields.get(fields);
    if (named === undefined || named.count !== fields.length) {
        const map = new Map();
        for (const field of fields)
            if (!map.has(field.name))
                map.set(field.name, field);
        named = { map, count: fields.length };
        namedFields.set(fields, named);
    }
    return named.map;
}
/** Pairs for the values of one location, in the order of the values' keys. */
export function encodeFields(fields, values) {
    const byName = fieldsByName(fields);
    const pairs = [];
    for (const name in values) {
        if (!Object.hasOwn(values, name))
            continue;
        const value = values[name];
        if (value === undefined)
            continue;
        // A name the operation lacks still goes out (servers report it as ignored), as a client would
        // send it: scalars as text, arrays and objects as JSON.
        const field = byName.get(name) ?? {
            name,
            in: 'query',
            required: false,
            encoding: 'plain',
            types: [],
        };
        const encoded = encodeField(field, value);
        if (encoded.length === 1)
            pairs.push(encoded[0]);
        else
            pairs.push(...encoded);
    }
    return pairs;
}
function encodeField(field, value) {
    const { name } = field;
    if (isBlob(value))
        return [{ name, value }];
    switch (field.encoding) {
        case 'plain':
        case 'json':
            return [{ name, value: fieldText(field, value) }];
        case 'explode':
            if (Array.isArray(value))
                return value.map((item) => ({ name, value: isBlob(item) ? item : plainText(item, name) }));
            if (isPlainObject(value)) {
                throw new TypeError(`\`${name}\`: an exploded object needs its property names declared; use deepObject or json`);
            }
            return [{ name, value: plainText(value, name) }];
        case 'comma': {
            const items = Array.isArray(value)
                ? value.map((item) => plainText(item, name))
                : isPlainObject(value)
                    ? Object.entries(value).flatMap(([key, item]) => [key, plainText(item, name)])
                    : [plainText(value, name)];
            return [
                { name, value: items.join(','), encodedValue: items.map(encodeFormComponent).join(',') },
            ];
        }
        case 'deepObject':
            if (!isPlainObject(value))
                throw new TypeError(`\`${name}\`: deepObject encoding takes an object`);
            return Object.entries(value)
                .filter(([, item]) => item !== undefined)
                .map(([key, item]) => ({ name: `${name}[${key}]`, value: plainText(item, name) }));
    }
}
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !isBlob(value);
}
/**
 * Values of `fields`, each taken from the first source that has it (its declared place first;
 * the other place only under lenientLocation). Marks the pairs it takes as used.
 */
export function decodeFields(fields, sources) {
    const values = {};
    const errors = [];
    for (const field of fields) {
        let found = false;
        for (const source of sources) {
            const indexes = pairIndexes(field, source);
            if (indexes === undefined)
                continue;
            for (const index of indexes)
                source.used.add(index);
            const result = decodeField(field, indexes.map((index) => source.pairs[index]));
            if (result.ok)
                values[field.name] = result.value;
            else
                errors.push({ field: field.name, message: `\`${field.name}\` ${result.message}` });
            found = true;
            break;
        }
        if (!found && field.required)
            errors.push({ field: field.name, message: `\`${field.name}\` is required` });
    }
    return { values, errors };
}
/** The indexes of the pairs that belong to `field`, or undefined when none do. */
function pairIndexes(field, source) {
    if (field.encoding !== 'deepObject')
        return pairsByName(source).get(field.name);
    const indexes = [];
    const prefix = field.name + '[';
    source.pairs.forEach((pair, index) => {
        if (pair.name.startsWith(prefix) && pair.name.endsWith(']'))
            indexes.push(index);
    });
    return indexes.length > 0 ? indexes : undefined;
}
/** A source's pair indexes by name, built once per source instead of a scan per field. */
function pairsByName(source) {
    if (source.byName === undefined) {
        const byName = new Map();
        source.pairs.forEach((pair, index) => {
            const list = byName.get(pair.name);
            if (list)
                list.push(index);
            else
                byName.set(pair.name, [index]);
        });
        source.byName = byName;
    }
    return source.byName;
}
function decodeField(field, pairs) {
    const itemTypes = field.itemTypes ?? STRINGS;
    const files = pairs.filter((pair) => isBlob(pair.value));
    // A file part is passed through as it came; there is no text to read.
    if (files.length > 0 && field.encoding !== 'explode') {
        return pairs.length === 1 ? { ok: true, value: pairs[0].value } : tooMany(pairs.length);
    }
    switch (field.encoding) {
        case 'plain':
        case 'json':
            if (pairs.length > 1)
                return tooMany(pairs.length);
            return coerceText(field, pairs[0].value);
        case 'explode': {
            if (!admits(field.types, 'array')) {
                return pairs.length > 1
                    ? tooMany(pairs.length)
                    : coercePlain(pairs[0].value, field.types);
            }
            return decodeItems(pairs.map((pair) => pair.value), itemTypes);
        }
        case 'comma': {
            if (pairs.length > 1)
                return tooMany(pairs.length);
            const pair = pairs[0];
            const text = pair.value;
            if (!admits(field.types, 'array') && !admits(field.types, 'object'))
                return coercePlain(text, field.types);
            // Split the undecoded text on its literal commas, so an item's own `%2C` stays in the item.
            const items = text === '' ? [] : pair.raw !== undefined ? splitRaw(pair.raw) : text.split(',');
            if (admits(field.types, 'array')) {
                return decodeItems(items, itemTypes);
            }
            if (items.length % 2 !== 0)
                return { ok: false, message: 'expected comma-separated key,value pairs' };
            const object = {};
            for (let i = 0; i < items.length; i += 2) {
                const item = coercePlain(items[i + 1], itemTypes);
                if (!item.ok)
                    return { ok: false, message: `[${items[i]}]: ${item.message}` };
                defineEntry(object, items[i], item.value);
            }
            return { ok: true, value: object };
        }
        case 'deepObject': {
            const object = {};
            for (const pair of pairs) {
                const key = pair.name.slice(field.name.length + 1, -1);
                const item = coercePlain(pair.value, itemTypes);
                if (!item.ok)
                    return { ok: false, message: `[${key}]: ${item.message}` };
                defineEntry(object, key, item.value);
            }
            return { ok: true, value: object };
        }
    }
}
function splitRaw(raw) {
    return raw.split(',').map(decodeFormComponent);
}
function decodeItems(items, itemTypes) {
    const values = [];
    for (const [index, item] of items.entries()) {
        if (isBlob(item)) {
            values.push(item);
            continue;
        }
        const value = coercePlain(item, itemTypes);
        if (!value.ok)
            return { ok: false, message: `[${index}]: ${value.message}` };
        values.push(value.value);
    }
    return { ok: true, value: values };
}
/** Sets a key even when it is `__proto__`: a request must not reach the prototype. */
function defineEntry(object, key, value) {
    Object.defineProperty(object, key, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
    });
}
function tooMany(count) {
    return { ok: false, message: `was given ${count} times; it takes one value` };
}
