import os, json
D='test/fixtures/hostile'
def w(name, text, mode='w'):
    p=os.path.join(D,name)
    with open(p,mode) as f: f.write(text)
HEAD='openapi: 3.1.0\ninfo: {title: T, version: "1"}\n'
def op(path='/things', opid='listThings', schema="{$ref: '#/components/schemas/Thing'}", extra=''):
    return f"""  {path}:
    get:
      operationId: {opid}
{extra}      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {schema}
"""
THING="components:\n  schemas:\n    Thing: {type: object, properties: {name: {type: string}}}\n"
def simple(name, paths_extra='', comps=THING, head=HEAD, opx=None):
    w(name, head + 'paths:\n' + (opx if opx is not None else op()) + paths_extra + comps)

open('test/fixtures/secret/secret.json','w').write(json.dumps({"type":"string","example":"TOP-SECRET-MARKER-7f3a"})+"\n")
open('test/fixtures/secret/README.md','w').write("A file outside test/fixtures/hostile/: hostile contracts refer to it with `../` and absolute\npaths, and the tests check that its marker never appears in any message or output.\n")
open('test/fixtures/hostile-shared/shared.yaml','w').write("Shared:\n  type: object\n  properties:\n    id: {type: integer}\n")
w('parts/thing.yaml', "Thing:\n  type: object\n  properties:\n    name: {type: string}\n")
w('parts/cycle-a.yaml', "A:\n  type: object\n  properties:\n    b: {$ref: './cycle-b.yaml#/B'}\n")
w('parts/cycle-b.yaml', "B:\n  type: object\n  properties:\n    a: {$ref: './cycle-a.yaml#/A'}\n")
w('parts/leaks-secret.yaml', "Leak: {$ref: '../../secret/secret.json'}\n")

# ---- code injection through strings (these generate) ----
PAY="globalThis.__pwned = 'injected'"
w('inject-title.yaml', f'''openapi: 3.1.0
info:
  title: "API */ {PAY}; /*"
  version: "1 */ {PAY}; /*"
  description: "*/ {PAY}; /* and a line separator \\u2028 {PAY}; and \\u2029"
servers:
  - url: "https://example.com/*/{PAY};/*"
    description: "*/ {PAY}; /*"
paths:
''' + op() + THING)
w('inject-operation-text.yaml', HEAD + 'paths:\n' + op(extra=f'''      summary: "Summary */ {PAY}; /*"
      description: |
        Line one */ {PAY}; /*
        // {PAY}
        \\u2028{PAY}
      x-permission: "*/ {PAY}; /*"
      x-error-codes: ["CODE */ {PAY}; /*", "Q\\"U'O`TE${{{PAY}}}"]
''') + THING)
w('inject-line-terminators.yaml', f'''openapi: 3.1.0
info: {{title: "T\\r{PAY}\\u2028{PAY}\\u2029{PAY}\\n{PAY}", version: "1"}}
paths:
  /things:
    get:
      operationId: "list\\u2028Things\\u2029"
      summary: "a\\rb\\u2028c"
      parameters:
        - name: "q\\u2028x"
          in: query
          description: "// \\u2028{PAY}"
          schema: {{type: string, enum: ["a\\u2028b", "c\\u2029d", "e\\nf"], default: "a\\u2028b"}}
      responses:
        '200':
          description: "ok\\u2028"
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/Thing'}}
''' + THING)
w('inject-quotes-in-names.yaml', f'''openapi: 3.1.0
info: {{title: T, version: "1"}}
paths:
  /things:
    get:
      operationId: "list\\"Things'`${{{PAY}}}`"
      parameters:
        - name: "a\\"b'c`${{{PAY}}}`"
          in: query
          schema: {{type: string}}
        - name: "X-\\"Hdr*/"
          in: header
          schema: {{type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/Thing'}}
components:
  schemas:
    Thing:
      type: object
      properties:
        "*/ {PAY}; /*": {{type: string}}
        "q\\"u'o`te${{x}}": {{type: string, description: "*/ {PAY}; /*"}}
        "</script><script>{PAY}</script>": {{type: string}}
''')
w('inject-template-delimiters.yaml', f'''openapi: 3.1.0
info: {{title: "`${{{PAY}}}` {{{{constructor.constructor('{PAY}')()}}}}", version: "1"}}
paths:
  /things:
    get:
      operationId: listThings
      description: "`${{{PAY}}}` {{{{{{raw}}}}}} <%= {PAY} %>"
      parameters:
        - name: tpl
          in: query
          schema: {{type: string, enum: ["${{{PAY}}}", "`", "\\\\", "\\\\u0027"], default: "${{x}}"}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/Thing'}}
              example: {{name: "`${{{PAY}}}`"}}
''' + THING)
w('inject-script-close.yaml', f'''openapi: 3.1.0
info:
  title: "</script><script>{PAY}</script>"
  version: "1"
  description: "<!-- --> </script><img src=x onerror=\\"{PAY}\\"> ]]>"
paths:
  /things:
    get:
      operationId: listThings
      tags: ["</script>"]
      responses:
        '200':
          description: "</script><script>{PAY}</script>"
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/Thing'}}
              examples:
                "</script>": {{value: {{name: "</script><script>{PAY}</script>"}}}}
''' + THING)
w('inject-enum-and-defaults.yaml', f'''openapi: 3.0.3
info: {{title: T, version: "1"}}
paths:
  /things:
    post:
      operationId: makeThing
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              properties:
                kind: {{type: string, enum: ["*/", "\\"", "'", "\\n", "${{{PAY}}}", "</script>"], default: "*/"}}
                "form*/field": {{type: string, pattern: "^[*/]+$"}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {{$ref: '#/components/schemas/Thing'}}
''' + THING)
w('inject-lone-surrogates.json', json.dumps({
  "openapi":"3.1.0",
  "info":{"title":"T\ud800 */ "+PAY+"; /*","version":"1","description":"\udc00\ud83d"},
  "paths":{"/things":{"get":{"operationId":"list\ud800Things","summary":"\udfff",
    "parameters":[{"name":"q\ud800","in":"query","schema":{"type":"string","enum":["\ud800","\udc00x"]}}],
    "responses":{"200":{"description":"ok\ud800","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Thing"}}}}}}}},
  "components":{"schemas":{"Thing":{"type":"object","properties":{"n\ud800":{"type":"string"}}}}}
}, ensure_ascii=True, indent=1) + "\n")
w('inject-banner-filename-\u2028.yaml', f'''openapi: 3.1.0
info: {{title: T, version: "1"}}
paths:
''' + op() + THING)

# ---- names ----
w('names-prototype-safe.yaml', '''openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /a:
    get:
      operationId: toString
      parameters:
        - {name: constructor, in: query, schema: {type: string}}
        - {name: toString, in: query, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/toString'}
  /b:
    get:
      operationId: constructor
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/constructor'}
components:
  schemas:
    toString: {type: object, properties: {constructor: {type: string}, toString: {type: integer}}}
    constructor: {type: object, properties: {prototype: {type: string}}}
''')
w('names-reserved-words.yaml', '''openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /a/{in}:
    delete:
      operationId: delete
      parameters:
        - {name: in, in: path, required: true, schema: {type: string}}
        - {name: class, in: query, schema: {type: string}}
        - {name: default, in: query, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/class'}
  /b:
    get:
      operationId: class
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/function'}
components:
  schemas:
    class: {type: object, properties: {default: {type: string}, new: {type: string}}}
    function: {type: object, properties: {return: {type: integer}}}
    string: {type: string}
    Record: {type: object}
''')
w('names-dot-and-dashes.yaml', '''openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /a:
    get:
      operationId: "."
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/.'}
  /b:
    get:
      operationId: "..."
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/-'}
components:
  schemas:
    .: {type: string}
    "-": {type: integer}
    "1abc": {type: boolean}
''')
w('names-empty.json', json.dumps({"openapi":"3.1.0","info":{"title":"T","version":"1"},
  "paths":{"/a":{"get":{"operationId":"","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"object","properties":{"":{"type":"string"}}}}}}}}}}},indent=1)+"\n")
w('names-collisions.yaml', '''openapi: 3.1.0
info: {title: T, version: "1"}
paths:
  /a:
    get:
      operationId: get-thing
      parameters:
        - {name: id, in: query, schema: {type: string}}
        - {name: id, in: header, schema: {type: string}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
  /b:
    get:
      operationId: getThing
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/thing'}}}}
  /c:
    get:
      operationId: get.thing
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Thing_'}}}}
  /d:
    get:
      operationId: GET
      responses:
        '200': {description: ok}
components:
  schemas:
    Thing: {type: object, properties: {a: {type: string}}}
    thing: {type: object, properties: {b: {type: string}}}
    Thing_: {type: object, properties: {c: {type: string}}}
    paths: {type: string}
    components: {type: string}
''')
for n in ['valueOf','hasOwnProperty']:
    w(f'names-prototype-{n}.yaml', HEAD + 'paths:\n' + op(schema=f"{{$ref: '#/components/schemas/{n}'}}") + f"components:\n  schemas:\n    {n}: {{type: string}}\n")
w('names-proto-key.json', '{"openapi":"3.1.0","info":{"title":"T","version":"1"},"paths":{},"components":{"schemas":{"Thing":{"type":"object","properties":{"__proto__":{"type":"string"}}}}}}\n')
w('names-proto-operation-id.yaml', HEAD + 'paths:\n' + op(opid='__proto__') + THING)
w('names-proto-parameter.yaml', HEAD + 'paths:\n' + op(extra="      parameters:\n        - {name: isPrototypeOf, in: query, schema: {type: string}}\n") + THING)
w('names-terminal-escape.yaml', HEAD + 'paths:\n' + op(schema="{$ref: '#/components/schemas/Thing\\e[31mRED\\e[0m'}") + THING)

# ---- $ref confinement ----
def refcase(name, ref, where='schema'):
    if where=='schema':
        w(name, HEAD + 'paths:\n' + op(schema="{$ref: '%s'}" % ref) + THING)
    elif where=='example':
        w(name, HEAD + 'paths:\n' + op(extra='') .replace("              schema: {$ref: '#/components/schemas/Thing'}\n", "              schema: {$ref: '#/components/schemas/Thing'}\n              example: {$ref: '%s'}\n" % ref) + THING)
    elif where=='extension':
        w(name, HEAD + "x-data: {$ref: '%s'}\n" % ref + 'paths:\n' + op() + THING)
refcase('ref-absolute-passwd.yaml', '/etc/passwd')
refcase('ref-dotdot-secret.yaml', '../secret/secret.json')
refcase('ref-dotdot-deep.yaml', '../../../../../../../../etc/hostname')
refcase('ref-secret-in-example.yaml', '../secret/secret.json', 'example')
refcase('ref-secret-in-extension.yaml', '../secret/secret.json', 'extension')
refcase('ref-dev-zero.yaml', '/dev/zero')
refcase('ref-proc-self-environ.yaml', '/proc/self/environ')
refcase('ref-https.yaml', 'https://example.com/schemas.yaml#/Thing')
refcase('ref-http-localhost.yaml', 'http://127.0.0.1:9/x.json')
refcase('ref-file-url.yaml', 'file:///etc/passwd')
refcase('ref-network-path.yaml', '//example.com/x.yaml')
refcase('ref-malformed-percent.yaml', './parts/%E0%A4%A.yaml')
refcase('ref-no-slash-pointer.yaml', '#components/schemas/Thing')
refcase('ref-missing-file.yaml', './parts/missing.yaml#/Thing')
refcase('ref-directory.yaml', './parts')
refcase('ref-symlink-out.yaml', './parts/secret-link.json')
refcase('ref-symlink-dev-zero.yaml', './parts/zero-link.yaml')
refcase('ref-through-part-to-secret.yaml', './parts/leaks-secret.yaml#/Leak')
refcase('ref-inside-folder.yaml', './parts/thing.yaml#/Thing')
refcase('ref-extra-root.yaml', '../hostile-shared/shared.yaml#/Shared')
refcase('ref-files-cycle.yaml', './parts/cycle-a.yaml#/A')
w('ref-pure-cycle.yaml', HEAD + 'paths:\n' + op(schema="{$ref: '#/components/schemas/A'}") + "components:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n    B: {$ref: '#/components/schemas/A'}\n")
w('ref-self.yaml', HEAD + 'paths:\n' + op(schema="{$ref: '#/components/schemas/A'}") + "components:\n  schemas:\n    A: {$ref: '#/components/schemas/A'}\n")

# ---- YAML and size limits ----
w('yaml-alias-bomb.yaml', '''openapi: 3.1.0
info: {title: T, version: "1"}
paths: {}
x-a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
x-b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
x-c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
x-d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
x-e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
x-f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
x-g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
x-h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
x-i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
''')
w('yaml-alias-cycle.yaml', HEAD + 'paths: {}\nx-a: &a [1, *a]\n')
w('yaml-merge-key.yaml', HEAD + '''paths:
  /things:
    get: &base
      operationId: listThings
      responses: {'200': {description: ok}}
    post:
      <<: *base
      operationId: makeThing
''')
w('yaml-many-aliases.yaml', HEAD + 'paths: {}\nx-v: &v 1\nx-o: &o {a: 1}\nx-list: [' + ','.join(['*o']*20) + ']\n')
w('yaml-duplicate-keys.yaml', HEAD + 'paths: {}\npaths: {}\n')
w('yaml-deep-flow.yaml', HEAD + 'paths: {}\nx-deep: ' + '['*300 + ']'*300 + '\n')
nest = 'type: string'
sch = '{type: string}'
for i in range(40): sch = '{type: object, properties: {n: %s}}' % sch
w('limit-depth-40.yaml', HEAD + 'paths:\n' + op(schema=sch) + THING)
w('limit-many-operations.yaml', HEAD + 'paths:\n' + ''.join(op(path=f'/t{i}', opid=f'op{i}') for i in range(40)) + THING)
w('limit-many-schemas.yaml', HEAD + 'paths:\n' + op() + 'components:\n  schemas:\n    Thing: {type: string}\n' + ''.join(f'    S{i}: {{type: string}}\n' for i in range(40)))
w('limit-document-bytes.yaml', HEAD + 'paths:\n' + op(extra='      description: "' + 'x'*3000 + '"\n') + THING)

# ---- document rules ----
w('rule-undefined-security-scheme.yaml', HEAD + 'security: [{apiKey: []}]\npaths:\n' + op(extra='      security: [{oauth: [read]}]\n') + THING)
w('rule-path-param-missing.yaml', HEAD + 'paths:\n' + op(path='/things/{id}') + THING)
w('rule-path-param-misnamed.yaml', HEAD + 'paths:\n' + op(path='/things/{id}', extra="      parameters:\n        - {name: thingId, in: path, required: true, schema: {type: string}}\n") + THING)
w('rule-path-query-string.yaml', HEAD + 'paths:\n' + op(path="'/things?view=full'") + THING)
w('rule-path-fragment.yaml', HEAD + 'paths:\n' + op(path="'/things#top'") + THING)
w('rule-duplicate-enum-30.yaml', 'openapi: 3.0.3\ninfo: {title: T, version: "1"}\npaths:\n' + op(schema="{type: string, enum: ['true', 'true', 'false']}") + THING)
w('rule-duplicate-enum-31.yaml', HEAD + 'paths:\n' + op(schema="{type: integer, enum: [1, 2, 2, 3, 3]}") + THING)
w('rule-swagger2.yaml', 'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n')
w('rule-not-an-object.yaml', '- openapi\n- 3.1.0\n')
w('rule-invalid-utf8.yaml', (HEAD + 'paths:\n' + op(extra='      description: "caf\xe9 \x80\xff"\n') + THING).encode('latin-1'), 'wb') if False else None
with open(os.path.join(D,'rule-invalid-utf8.yaml'),'wb') as f:
    f.write((HEAD + 'paths:\n').encode() + op(extra='      description: "cafe BAD\n').encode().replace(b'BAD', b'\xc3\x28\xff') + THING.encode())

# ---- types the emitters cannot write ----
w('types-recursive-json-value.yaml', HEAD + 'paths:\n' + op(schema="{$ref: '#/components/schemas/JsonValue'}") + '''components:
  schemas:
    JsonValue:
      oneOf:
        - type: string
        - type: number
        - type: boolean
        - type: 'null'
        - type: array
          items: {$ref: '#/components/schemas/JsonValue'}
        - type: object
          additionalProperties: {$ref: '#/components/schemas/JsonValue'}
''')
w('types-recursive-union.yaml', HEAD + 'paths:\n' + op(schema="{$ref: '#/components/schemas/Self'}") + '''components:
  schemas:
    Self: {$ref: '#/components/schemas/Other'}
    Other:
      oneOf: [{$ref: '#/components/schemas/Self'}, {type: string}]
''')
w('types-recursive-object.yaml', HEAD + 'paths:\n' + op(schema="{$ref: '#/components/schemas/Tree'}") + '''components:
  schemas:
    Tree:
      type: object
      properties:
        children: {type: array, items: {$ref: '#/components/schemas/Tree'}}
        byName: {type: object, additionalProperties: {$ref: '#/components/schemas/Tree'}}
''')
print('ok')
