// runtime/client-params.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
import { splitInput } from './wire.js';
const NONE = new Map();
/**
 * Sorts a method's flattened parameters into locations: the wire model's `splitInput`, after
 * taking out what the layout names (the whole body of a non-form body; renamed keys). A name the
 * operation lacks is sent like its other parameters (the API reports it back as ignored).
 */
export function splitParams(op, params, layout) {
    if (params !== undefined &&
        (typeof params !== 'object' || params === null || Array.isArray(params))) {
        throw new TypeError(`${op.operationId}: parameters must be an object`);
    }
    const rest = {};
    const renamed = layout.keys
        ? new Map(Object.entries(layout.keys).map(([where, key]) => [key, where]))
        : NONE;
    const moved = [];
    let body;
    const given = (params ?? {});
    for (const key in given) {
        const value = given[key];
        if (value === undefined || !Object.hasOwn(given, key))
            continue;
        if (layout.body !== undefined && key === layout.body)
            body = value;
        else if (renamed.has(key)) {
            const [where, ...name] = renamed.get(key).split(':');
            moved.push([where, name.join(':'), value]);
        }
        else
            rest[key] = value;
    }
    const split = splitInput(op, rest);
    const parts = {
        path: split.path,
        query: split.query,
        header: split.headers,
        body: split.body,
    };
    for (const [where, name, value] of moved) {
        const group = where === 'body'
            ? (parts.body ??= {})
            : (parts[where] ??= {});
        group[name] = value;
    }
    if (layout.body !== undefined)
        parts.body = body;
    // A required form body goes out even when empty; the wire model drops an empty optional one.
    else if (op.body?.kind === 'form')
        parts.body ??= {};
    return parts;
}
/** The fields a path-style call passes, for the checks. */
export function givenFields(op, parts) {
    const given = new Map();
    const formBody = op.body?.kind === 'form' ? parts.body : undefined;
    for (const field of op.fields) {
        const group = field.in === 'body' ? formBody : parts[field.in];
        if (group &&
            typeof group === 'object' &&
            group[field.name] !== undefined) {
            given.set(field, group[field.name]);
        }
    }
    return given;
}
