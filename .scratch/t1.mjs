import jsyaml from 'js-yaml';
const deep = 'a: ' + '['.repeat(100000) + ']'.repeat(100000);
try { jsyaml.load(deep, {schema: jsyaml.CORE_SCHEMA}); console.log('yaml ok'); } catch (e) { console.log('yaml err', e.constructor.name, String(e.message).slice(0,100)); }
const dj = '{"a":' + '['.repeat(100000) + ']'.repeat(100000) + '}';
try { JSON.parse(dj); console.log('json ok'); } catch (e) { console.log('json err', e.constructor.name, e.message.slice(0,100)); }
const bomb = `a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
m: {<<: *i}
`;
console.time('bomb'); const d = jsyaml.load(bomb, {schema: jsyaml.CORE_SCHEMA}); console.timeEnd('bomb'); console.log(Object.keys(d.m));
