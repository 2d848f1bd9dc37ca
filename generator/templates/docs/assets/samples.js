/* generator/emit/docs/sample-text.ts (request samples spelled from their data) for the operation pages: built by generator/emit/docs/page-samples.ts, do not edit */
var TMSSamples=(()=>{var y=Object.defineProperty;var P=Object.getOwnPropertyDescriptor;var T=Object.getOwnPropertyNames;var R=Object.prototype.hasOwnProperty;var _=(t,n)=>{for(var r in n)y(t,r,{get:n[r],enumerable:!0})},L=(t,n,r,e)=>{if(n&&typeof n=="object"||typeof n=="function")for(let o of T(n))!R.call(t,o)&&o!==r&&y(t,o,{get:()=>n[o],enumerable:!(e=P(n,o))||e.enumerable});return t};var O=t=>L(y({},"__esModule",{value:!0}),t);var Y={};_(Y,{SAMPLE_LANGUAGES:()=>b,spelledPanels:()=>E,tryItText:()=>j});var N=/^[A-Za-z_$][A-Za-z0-9_$]*$/,X=new Set("break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(" ")),D=/[\u2028\u2029]/;function a(t){let n=JSON.stringify(t);return n===void 0?"undefined":D.test(n)?n.replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029"):n}function x(t){return t==="__proto__"?`[${a(t)}]`:N.test(t)?t:a(t)}var C={"&":"&amp;","<":"&lt;",">":"&gt;"},q=/[&<>]/,I=/[&<>]/g;function f(t){return q.test(t)?t.replace(I,n=>C[n]):t}var M=new Set("const let var await async new if else throw return import from function of for while try catch typeof".split(" ")),G=new Set(["true","false","null","undefined"]),z=new Set("import from as with def if else elif return for in while try except raise not and or print".split(" ")),H=new Set(["True","False","None"]),S={json:{pattern:/(?<p>"(?:[^"\\\n]|\\.)*"(?=\s*:))|(?<s>"(?:[^"\\\n]|\\.)*")|(?<n>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<l>\b(?:true|false|null)\b)/gy},js:{pattern:/(?<c>\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(?<s>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\[\s\S])*`)|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_$][\w$]*)/gy,keywords:M,literals:G},python:{pattern:/(?<c>#[^\n]*)|(?<s>[bfr]?(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_]\w*)/gy,keywords:z,literals:H},shell:{pattern:/(?<x>\\[\s\S])|(?<c>(?:^|(?<=\s))#[^\n]*)|(?<s>'[^']*'|"(?:[^"\\]|\\.)*")|(?<f>(?<=\s)--?[A-Za-z][\w-]*)|(?<k>^curl\b)/gmy}},U=Object.fromEntries(Object.entries(S).map(([t,n])=>[t,{pattern:new RegExp(n.pattern.source.replace(/\(\?<([a-z])>/g,"("),n.pattern.flags.replace("y","")),kinds:[...n.pattern.source.matchAll(/\(\?<([a-z])>/g)].map(r=>r[1])}]));function w(t,n){var p,g;let r=S[n],{pattern:e,kinds:o}=U[n],i="",s="",u=0;for(;u<t.length;){e.lastIndex=u;let l=e.exec(t);if(l===null){s+=t.slice(u);break}if(l[0]===""){s+=t.slice(u,l.index+1),u=l.index+1;continue}s+=t.slice(u,l.index);let c="";for(let d=0;d<o.length;d++)if(l[d+1]!==void 0){c=o[d];break}c==="x"&&(c=""),c==="w"&&(c=(p=r.keywords)!=null&&p.has(l[0])?"k":(g=r.literals)!=null&&g.has(l[0])?"l":""),c===""?s+=l[0]:(s!==""&&(i+=f(s)),s="",i+=`<t-${c}>${f(l[0])}</t-${c}>`),u=l.index+l[0].length}return s!==""&&(i+=f(s)),i}function k(t,n){return t.map(([r,e])=>({name:r,value:e!=null?e:n==null?void 0:n[r]}))}function J(t,n){var s;let{query:r,body:e,...o}=n.parts,i={...o,method:t.method,auth:t.auth};return r&&(i.query=k(r,n.args)),(e==null?void 0:e.kind)==="arg"?i.body={kind:"json",value:(s=n.args)==null?void 0:s[e.arg]}:(e==null?void 0:e.kind)==="pairs"||(e==null?void 0:e.kind)==="form-data"?i.body={...e,pairs:k(e.pairs,n.args)}:e&&(i.body=e),i}var b=[{id:"curl",label:"curl",language:"shell"},{id:"typescript",label:"TypeScript",language:"js"},{id:"fetch",label:"JavaScript",language:"js"},{id:"python",label:"Python",language:"python"}];function j(t,n){return n===void 0?"":t==="body"?JSON.stringify(n,null,2):(t==="text"||t==="enum"||t==="boolean")&&typeof n=="string"?n:JSON.stringify(n)}function A(t,n){let r=(i,s)=>typeof i=="string"?i:A(i,s);if(n===void 0)return`{ ${t.map(([i,s])=>`${i}: ${r(s)}`).join(", ")} }`;let e=n+"  ";return`{
${t.map(([i,s])=>`${e}${i}: ${r(s,e)},`).join(`
`)}
${n}}`}function Z(t,n,r="line"){let e=A(n,r==="lines"?"":void 0);return`import { createApiClient } from ${t};

const api = createApiClient(${e});
`}function F(t,n,r){return`const { data, error } = await ${n===void 0?`api.${t}()`:`api.${t}(${$(n,"")})`};
if (error) throw ${r?"new Error(`${error.code}: ${error.msg}`)":"new Error(error.msg)"};
console.log(data);`}function K(t,n){let{client:r}=t,e=J(t,n);return{typescript:Z(t.from,[["baseUrl",a(t.baseUrl)],...r.credentials])+F(r.method,n.args,r.readsCode),fetch:W(e),python:B(e)}}function E(t){return t.samples.map(n=>{if(n===null)return null;let r=K(t,n);return b.slice(1).map(e=>({id:e.id,label:e.label,html:w(r[e.id],e.language)}))})}var m=(t,n,r,e)=>t.map(o=>`${n}${r}${a(o.name)}, ${a(o.value)}${e},`).join(`
`);function W(t){var s,u,p,g;let n=[],r=a(t.url);t.query&&(n.push(`const query = new URLSearchParams([
${m(t.query,"  ","[","]")}
]);`),r=`${r} + '?' + query`);let e=[];t.method!=="GET"&&e.push(`  method: ${a(t.method)},`);let o=[];t.auth.basic!==void 0&&o.push(`    Authorization: 'Basic ' + btoa(${a(t.auth.basic)}),`);for(let[l,c]of[...t.auth.headers,...t.headers])o.push(`    ${a(l)}: ${a(c)},`);o.length>0&&e.push(`  headers: {
${o.join(`
`)}
  },`),((s=t.body)==null?void 0:s.kind)==="pairs"?e.push(`  body: new URLSearchParams([
${m(t.body.pairs,"    ","[","]")}
  ]),`):((u=t.body)==null?void 0:u.kind)==="form-data"?(n.push(`const form = new FormData();
${t.body.pairs.map(l=>`form.append(${a(l.name)}, ${a(l.value)});`).join(`
`)}`),e.push("  body: form,")):((p=t.body)==null?void 0:p.kind)==="json"?e.push(`  body: JSON.stringify(${$(t.body.value,"  ")}),`):((g=t.body)==null?void 0:g.kind)==="text"&&e.push(`  body: ${a(t.body.text)},`);let i=e.length>0?`fetch(${r}, {
${e.join(`
`)}
})`:`fetch(${r})`;return n.push(`const response = await ${i};`),n.push("console.log(response.status, await response.text());"),n.join(`
`)}function B(t){var u,p,g,l;let n=["urllib.error","urllib.request"],r=[],e=a(t.url);t.query&&(n.push("urllib.parse"),r.push(`query = urllib.parse.urlencode([
${m(t.query,"    ","(",")")}
])`),e=`${e} + '?' + query`);let o=[];t.auth.basic!==void 0&&(n.push("base64"),o.push(`    'Authorization': 'Basic ' + base64.b64encode(${a(t.auth.basic)}.encode()).decode(),`));for(let[c,d]of[...t.auth.headers,...t.headers])o.push(`    ${a(c)}: ${a(d)},`);let i="";((u=t.body)==null?void 0:u.kind)==="pairs"?(n.includes("urllib.parse")||n.push("urllib.parse"),r.push(`data = urllib.parse.urlencode([
${m(t.body.pairs,"    ","(",")")}
]).encode()`),i="data=data, "):((p=t.body)==null?void 0:p.kind)==="form-data"?(o.push(`    'Content-Type': ${a(t.body.contentType)},`),r.push(`data = ${a(t.body.text)}.encode()`),i="data=data, "):((g=t.body)==null?void 0:g.kind)==="json"?(n.push("json"),r.push(`data = json.dumps(${h(t.body.value,"")}, separators=(',', ':'), ensure_ascii=False).encode()`),i="data=data, "):((l=t.body)==null?void 0:l.kind)==="text"&&(r.push(`data = ${a(t.body.text)}.encode()`),i="data=data, ");let s=o.length>0?`headers={
${o.join(`
`)}
}, `:"";return r.push(`request = urllib.request.Request(${e}, ${i}${s}method=${a(t.method)})`),r.push("try:"),r.push("    response = urllib.request.urlopen(request)"),r.push("except urllib.error.HTTPError as error:"),r.push("    response = error"),r.push("print(response.status, response.read().decode())"),`import ${n.sort().join(", ")}

${r.join(`
`)}`}function h(t,n){if(t==null)return"None";if(t===!0)return"True";if(t===!1)return"False";if(typeof t!="object")return a(t);let r=n+"    ",e=s=>s===null||typeof s!="object"?h(s,""):Array.isArray(s)?`[${s.map(e).join(", ")}]`:`{${Object.entries(s).map(([u,p])=>`${a(u)}: ${e(p)}`).join(", ")}}`,o=e(t);return o.length<=60?o:Array.isArray(t)?`[
${t.map(s=>r+h(s,r)).join(`,
`)},
${n}]`:`{
${Object.entries(t).map(([s,u])=>`${r}${a(s)}: ${h(u,r)}`).join(`,
`)},
${n}}`}function $(t,n){let r=a(t);if(r.length<=60||t===null||typeof t!="object")return r;let e=n+"  ";return Array.isArray(t)?`[
${t.map(i=>e+$(i,e)).join(`,
`)},
${n}]`:`{
${Object.entries(t).map(([i,s])=>`${e}${x(i)}: ${$(s,e)}`).join(`,
`)},
${n}}`}return O(Y);})();
