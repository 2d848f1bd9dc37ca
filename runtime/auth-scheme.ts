/**
 * How one security scheme of the contract travels, as the generator decided it from
 * `securitySchemes` (generator/model/security.ts): HTTP Basic; a token in `Authorization:
 * Bearer` (HTTP bearer, OAuth 2 and OpenID Connect alike); an API key in a header, the query or
 * a cookie; `other` for what no stored credential can produce (mutual TLS, HTTP Digest or
 * signatures): the client sends nothing for it, a server's `authenticate` hook decides alone.
 */
export type AuthScheme =
  | { type: 'basic' }
  | { type: 'bearer' }
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  | { type: 'other' };
