// runtime/client-login.ts of tms-gen 0.1.0, compiled. Do not edit: every generate replaces it.
export function loginResult(answer, makeClient) {
    if (answer.error)
        return { error: answer.error, response: answer.response };
    const data = answer.data;
    const email = data?.email;
    const apiKey = data?.api_key;
    if (typeof email !== 'string' || email === '' || typeof apiKey !== 'string' || apiKey === '') {
        return {
            error: {
                kind: 'invalid-response',
                status: answer.response.status,
                msg: 'the login answer carries no email and api_key',
                body: answer.data,
            },
            response: answer.response,
        };
    }
    return { client: makeClient({ email, apiKey }), data: answer.data, response: answer.response };
}
