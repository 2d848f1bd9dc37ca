// runtime/client-checks.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
/** Thrown before sending when `featureLevelPolicy` is `throw` and the call uses something too new. */
export class FeatureLevelError extends Error {
    notices;
    name = 'FeatureLevelError';
    constructor(notices) {
        super(notices.map((n) => n.message).join('; '));
        this.notices = notices;
    }
}
/** A field's value as the texts its enum history is keyed by (each element of an array). */
function valueTexts(value) {
    if (Array.isArray(value))
        return value.flatMap(valueTexts);
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value))
        return [String(value)];
    return [];
}
/** Items of this call introduced after `serverLevel`. */
export function tooNewItems(op, given, serverLevel) {
    const notices = [];
    const at = `the server is at feature level ${serverLevel}`;
    if (op.since !== undefined && op.since > serverLevel) {
        notices.push({
            kind: 'feature-level',
            operationId: op.operationId,
            since: op.since,
            serverLevel,
            message: `${op.operationId}: the operation is new in feature level ${op.since}; ${at}`,
        });
    }
    for (const [field, value] of given) {
        if (field.since !== undefined && field.since > serverLevel) {
            notices.push({
                kind: 'feature-level',
                operationId: op.operationId,
                parameter: field.name,
                since: field.since,
                serverLevel,
                message: `${op.operationId}: parameter '${field.name}' is new in feature level ${field.since}; ${at}`,
            });
        }
        for (const text of valueTexts(value)) {
            const since = field.valuesSince?.[text];
            if (since !== undefined && since > serverLevel) {
                notices.push({
                    kind: 'feature-level',
                    operationId: op.operationId,
                    parameter: field.name,
                    value: text,
                    since,
                    serverLevel,
                    message: `${op.operationId}: value '${text}' of '${field.name}' is new in feature level ${since}; ${at}`,
                });
            }
        }
    }
    return notices;
}
/** Deprecated items this call uses, with their replacement when the contract names one. */
export function deprecatedItems(op, given) {
    const notices = [];
    const instead = (r) => (r ? `; use ${r} instead` : '');
    if (op.deprecated) {
        notices.push({
            kind: 'deprecated',
            operationId: op.operationId,
            replacedBy: op.replacedBy,
            message: `${op.operationId}: the operation is deprecated${instead(op.replacedBy)}`,
        });
    }
    for (const [field, value] of given) {
        if (field.deprecated) {
            notices.push({
                kind: 'deprecated',
                operationId: op.operationId,
                parameter: field.name,
                replacedBy: field.replacedBy,
                message: `${op.operationId}: parameter '${field.name}' is deprecated${instead(field.replacedBy)}`,
            });
        }
        for (const text of valueTexts(value)) {
            const replacement = field.deprecatedValues?.[text];
            if (replacement !== undefined) {
                notices.push({
                    kind: 'deprecated',
                    operationId: op.operationId,
                    parameter: field.name,
                    value: text,
                    replacedBy: replacement || undefined,
                    message: `${op.operationId}: value '${text}' of '${field.name}' is deprecated${instead(replacement)}`,
                });
            }
        }
    }
    return notices;
}
