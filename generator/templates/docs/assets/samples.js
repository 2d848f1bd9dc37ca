/* generator/emit/docs/sample-text.ts (request samples spelled from their data) for the operation pages: built by generator/emit/docs/page-samples.ts, do not edit */
var TMSSamples=(()=>{var y=Object.defineProperty;var E=Object.getOwnPropertyDescriptor;var P=Object.getOwnPropertyNames;var R=Object.prototype.hasOwnProperty;var T=(t,e)=>{for(var r in e)y(t,r,{get:e[r],enumerable:!0})},_=(t,e,r,n)=>{if(e&&typeof e=="object"||typeof e=="function")for(let o of P(e))!R.call(t,o)&&o!==r&&y(t,o,{get:()=>e[o],enumerable:!(n=E(e,o))||n.enumerable});return t};var L=t=>_(y({},"__esModule",{value:!0}),t);var B={};T(B,{SAMPLE_LANGUAGES:()=>b,spelledPanels:()=>A});var O=/^[A-Za-z_$][A-Za-z0-9_$]*$/,V=new Set("break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(" ")),D=/[\u2028\u2029]/;function a(t){let e=JSON.stringify(t);return e===void 0?"undefined":D.test(e)?e.replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029"):e}function x(t){return t==="__proto__"?`[${a(t)}]`:O.test(t)?t:a(t)}var C={"&":"&amp;","<":"&lt;",">":"&gt;"},N=/[&<>]/,q=/[&<>]/g;function f(t){return N.test(t)?t.replace(q,e=>C[e]):t}var M=new Set("const let var await async new if else throw return import from function of for while try catch typeof".split(" ")),I=new Set(["true","false","null","undefined"]),G=new Set("import from as with def if else elif return for in while try except raise not and or print".split(" ")),z=new Set(["True","False","None"]),S={json:{pattern:/(?<p>"(?:[^"\\\n]|\\.)*"(?=\s*:))|(?<s>"(?:[^"\\\n]|\\.)*")|(?<n>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<l>\b(?:true|false|null)\b)/gy},js:{pattern:/(?<c>\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(?<s>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\[\s\S])*`)|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_$][\w$]*)/gy,keywords:M,literals:I},python:{pattern:/(?<c>#[^\n]*)|(?<s>[bfr]?(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_]\w*)/gy,keywords:G,literals:z},shell:{pattern:/(?<x>\\[\s\S])|(?<c>(?:^|(?<=\s))#[^\n]*)|(?<s>'[^']*'|"(?:[^"\\]|\\.)*")|(?<f>(?<=\s)--?[A-Za-z][\w-]*)|(?<k>^curl\b)/gmy}},H=Object.fromEntries(Object.entries(S).map(([t,e])=>[t,{pattern:new RegExp(e.pattern.source.replace(/\(\?<([a-z])>/g,"("),e.pattern.flags.replace("y","")),kinds:[...e.pattern.source.matchAll(/\(\?<([a-z])>/g)].map(r=>r[1])}]));function w(t,e){var p,g;let r=S[e],{pattern:n,kinds:o}=H[e],i="",s="",u=0;for(;u<t.length;){n.lastIndex=u;let l=n.exec(t);if(l===null){s+=t.slice(u);break}if(l[0]===""){s+=t.slice(u,l.index+1),u=l.index+1;continue}s+=t.slice(u,l.index);let c="";for(let d=0;d<o.length;d++)if(l[d+1]!==void 0){c=o[d];break}c==="x"&&(c=""),c==="w"&&(c=(p=r.keywords)!=null&&p.has(l[0])?"k":(g=r.literals)!=null&&g.has(l[0])?"l":""),c===""?s+=l[0]:(s!==""&&(i+=f(s)),s="",i+=`<t-${c}>${f(l[0])}</t-${c}>`),u=l.index+l[0].length}return s!==""&&(i+=f(s)),i}function k(t,e){return t.map(([r,n])=>({name:r,value:n!=null?n:e==null?void 0:e[r]}))}function U(t,e){var s;let{query:r,body:n,...o}=e.parts,i={...o,method:t.method,auth:t.auth};return r&&(i.query=k(r,e.args)),(n==null?void 0:n.kind)==="arg"?i.body={kind:"json",value:(s=e.args)==null?void 0:s[n.arg]}:(n==null?void 0:n.kind)==="pairs"||(n==null?void 0:n.kind)==="form-data"?i.body={...n,pairs:k(n.pairs,e.args)}:n&&(i.body=n),i}var b=[{id:"curl",label:"curl",language:"shell"},{id:"typescript",label:"TypeScript",language:"js"},{id:"fetch",label:"JavaScript",language:"js"},{id:"python",label:"Python",language:"python"}];function j(t,e){let r=(i,s)=>typeof i=="string"?i:j(i,s);if(e===void 0)return`{ ${t.map(([i,s])=>`${i}: ${r(s)}`).join(", ")} }`;let n=e+"  ";return`{
${t.map(([i,s])=>`${n}${i}: ${r(s,n)},`).join(`
`)}
${e}}`}function Z(t,e,r="line"){let n=j(e,r==="lines"?"":void 0);return`import { createApiClient } from ${t};

const api = createApiClient(${n});
`}function F(t,e,r){return`const { data, error } = await ${e===void 0?`api.${t}()`:`api.${t}(${$(e,"")})`};
if (error) throw ${r?"new Error(`${error.code}: ${error.msg}`)":"new Error(error.msg)"};
console.log(data);`}function J(t,e){let{client:r}=t,n=U(t,e);return{typescript:Z(t.from,[["baseUrl",a(t.baseUrl)],...r.credentials])+F(r.method,e.args,r.readsCode),fetch:K(n),python:W(n)}}function A(t){return t.samples.map(e=>{if(e===null)return null;let r=J(t,e);return b.slice(1).map(n=>({id:n.id,label:n.label,html:w(r[n.id],n.language)}))})}var m=(t,e,r,n)=>t.map(o=>`${e}${r}${a(o.name)}, ${a(o.value)}${n},`).join(`
`);function K(t){var s,u,p,g;let e=[],r=a(t.url);t.query&&(e.push(`const query = new URLSearchParams([
${m(t.query,"  ","[","]")}
]);`),r=`${r} + '?' + query`);let n=[];t.method!=="GET"&&n.push(`  method: ${a(t.method)},`);let o=[];t.auth.basic!==void 0&&o.push(`    Authorization: 'Basic ' + btoa(${a(t.auth.basic)}),`);for(let[l,c]of[...t.auth.headers,...t.headers])o.push(`    ${a(l)}: ${a(c)},`);o.length>0&&n.push(`  headers: {
${o.join(`
`)}
  },`),((s=t.body)==null?void 0:s.kind)==="pairs"?n.push(`  body: new URLSearchParams([
${m(t.body.pairs,"    ","[","]")}
  ]),`):((u=t.body)==null?void 0:u.kind)==="form-data"?(e.push(`const form = new FormData();
${t.body.pairs.map(l=>`form.append(${a(l.name)}, ${a(l.value)});`).join(`
`)}`),n.push("  body: form,")):((p=t.body)==null?void 0:p.kind)==="json"?n.push(`  body: JSON.stringify(${$(t.body.value,"  ")}),`):((g=t.body)==null?void 0:g.kind)==="text"&&n.push(`  body: ${a(t.body.text)},`);let i=n.length>0?`fetch(${r}, {
${n.join(`
`)}
})`:`fetch(${r})`;return e.push(`const response = await ${i};`),e.push("console.log(response.status, await response.text());"),e.join(`
`)}function W(t){var u,p,g,l;let e=["urllib.error","urllib.request"],r=[],n=a(t.url);t.query&&(e.push("urllib.parse"),r.push(`query = urllib.parse.urlencode([
${m(t.query,"    ","(",")")}
])`),n=`${n} + '?' + query`);let o=[];t.auth.basic!==void 0&&(e.push("base64"),o.push(`    'Authorization': 'Basic ' + base64.b64encode(${a(t.auth.basic)}.encode()).decode(),`));for(let[c,d]of[...t.auth.headers,...t.headers])o.push(`    ${a(c)}: ${a(d)},`);let i="";((u=t.body)==null?void 0:u.kind)==="pairs"?(e.includes("urllib.parse")||e.push("urllib.parse"),r.push(`data = urllib.parse.urlencode([
${m(t.body.pairs,"    ","(",")")}
]).encode()`),i="data=data, "):((p=t.body)==null?void 0:p.kind)==="form-data"?(o.push(`    'Content-Type': ${a(t.body.contentType)},`),r.push(`data = ${a(t.body.text)}.encode()`),i="data=data, "):((g=t.body)==null?void 0:g.kind)==="json"?(e.push("json"),r.push(`data = json.dumps(${h(t.body.value,"")}, separators=(',', ':'), ensure_ascii=False).encode()`),i="data=data, "):((l=t.body)==null?void 0:l.kind)==="text"&&(r.push(`data = ${a(t.body.text)}.encode()`),i="data=data, ");let s=o.length>0?`headers={
${o.join(`
`)}
}, `:"";return r.push(`request = urllib.request.Request(${n}, ${i}${s}method=${a(t.method)})`),r.push("try:"),r.push("    response = urllib.request.urlopen(request)"),r.push("except urllib.error.HTTPError as error:"),r.push("    response = error"),r.push("print(response.status, response.read().decode())"),`import ${e.sort().join(", ")}

${r.join(`
`)}`}function h(t,e){if(t==null)return"None";if(t===!0)return"True";if(t===!1)return"False";if(typeof t!="object")return a(t);let r=e+"    ",n=s=>s===null||typeof s!="object"?h(s,""):Array.isArray(s)?`[${s.map(n).join(", ")}]`:`{${Object.entries(s).map(([u,p])=>`${a(u)}: ${n(p)}`).join(", ")}}`,o=n(t);return o.length<=60?o:Array.isArray(t)?`[
${t.map(s=>r+h(s,r)).join(`,
`)},
${e}]`:`{
${Object.entries(t).map(([s,u])=>`${r}${a(s)}: ${h(u,r)}`).join(`,
`)},
${e}}`}function $(t,e){let r=a(t);if(r.length<=60||t===null||typeof t!="object")return r;let n=e+"  ";return Array.isArray(t)?`[
${t.map(i=>n+$(i,n)).join(`,
`)},
${e}]`:`{
${Object.entries(t).map(([i,s])=>`${n}${x(i)}: ${$(s,n)}`).join(`,
`)},
${e}}`}return L(B);})();
