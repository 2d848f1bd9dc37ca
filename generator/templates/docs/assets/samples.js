/* generator/emit/docs/sample-text.ts (request samples spelled from their data) for the operation pages: built by generator/emit/docs/page-samples.ts, do not edit */
var TMSSamples=(()=>{var y=Object.defineProperty;var E=Object.getOwnPropertyDescriptor;var k=Object.getOwnPropertyNames;var j=Object.prototype.hasOwnProperty;var P=(t,e)=>{for(var n in e)y(t,n,{get:e[n],enumerable:!0})},R=(t,e,n,r)=>{if(e&&typeof e=="object"||typeof e=="function")for(let s of k(e))!j.call(t,s)&&s!==n&&y(t,s,{get:()=>e[s],enumerable:!(r=E(e,s))||r.enumerable});return t};var T=t=>R(y({},"__esModule",{value:!0}),t);var J={};P(J,{SAMPLE_LANGUAGES:()=>b,spelledPanels:()=>A});var _=/^[A-Za-z_$][A-Za-z0-9_$]*$/,W=new Set("break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await".split(" ")),L=/[\u2028\u2029]/;function o(t){let e=JSON.stringify(t);return e===void 0?"undefined":L.test(e)?e.replace(/\u2028/g,"\\u2028").replace(/\u2029/g,"\\u2029"):e}function x(t){return t==="__proto__"?`[${o(t)}]`:_.test(t)?t:o(t)}var C={"&":"&amp;","<":"&lt;",">":"&gt;"},N=/[&<>]/,O=/[&<>]/g;function f(t){return N.test(t)?t.replace(O,e=>C[e]):t}var I=new Set("const let var await async new if else throw return import from function of for while try catch typeof".split(" ")),q=new Set(["true","false","null","undefined"]),D=new Set("import from as with def if else elif return for in while try except raise not and or print".split(" ")),M=new Set(["True","False","None"]),S={json:{pattern:/(?<p>"(?:[^"\\\n]|\\.)*"(?=\s*:))|(?<s>"(?:[^"\\\n]|\\.)*")|(?<n>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<l>\b(?:true|false|null)\b)/gy},js:{pattern:/(?<c>\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(?<s>'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\[\s\S])*`)|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_$][\w$]*)/gy,keywords:I,literals:q},python:{pattern:/(?<c>#[^\n]*)|(?<s>[bfr]?(?:'''[\s\S]*?'''|"""[\s\S]*?"""|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"))|(?<n>\b\d+(?:\.\d+)?\b)|(?<w>[A-Za-z_]\w*)/gy,keywords:D,literals:M},shell:{pattern:/(?<x>\\[\s\S])|(?<c>(?:^|(?<=\s))#[^\n]*)|(?<s>'[^']*'|"(?:[^"\\]|\\.)*")|(?<f>(?<=\s)--?[A-Za-z][\w-]*)|(?<k>^curl\b)/gmy}},G=Object.fromEntries(Object.entries(S).map(([t,e])=>[t,{pattern:new RegExp(e.pattern.source.replace(/\(\?<([a-z])>/g,"("),e.pattern.flags.replace("y","")),kinds:[...e.pattern.source.matchAll(/\(\?<([a-z])>/g)].map(n=>n[1])}]));function w(t,e){var p,g;let n=S[e],{pattern:r,kinds:s}=G[e],l="",i="",u=0;for(;u<t.length;){r.lastIndex=u;let a=r.exec(t);if(a===null){i+=t.slice(u);break}if(a[0]===""){i+=t.slice(u,a.index+1),u=a.index+1;continue}i+=t.slice(u,a.index);let c="";for(let d=0;d<s.length;d++)if(a[d+1]!==void 0){c=s[d];break}c==="x"&&(c=""),c==="w"&&(c=(p=n.keywords)!=null&&p.has(a[0])?"k":(g=n.literals)!=null&&g.has(a[0])?"l":""),c===""?i+=a[0]:(i!==""&&(l+=f(i)),i="",l+=`<t-${c}>${f(a[0])}</t-${c}>`),u=a.index+a[0].length}return i!==""&&(l+=f(i)),l}var b=[{id:"curl",label:"curl",language:"shell"},{id:"typescript",label:"TypeScript",language:"js"},{id:"fetch",label:"JavaScript",language:"js"},{id:"python",label:"Python",language:"python"}];function z(t,e,n){return`import { createApiClient } from ${t};

const api = createApiClient({ baseUrl: ${o(e)}${n} });
`}function U(t,e,n){return`const { data, error } = await ${e===void 0?`api.${t}()`:`api.${t}(${$(e,"")})`};
if (error) throw ${n?"new Error(`${error.code}: ${error.msg}`)":"new Error(error.msg)"};
console.log(data);`}function H(t,e){return{typescript:z(t.from,t.baseUrl,e.ts.credentials)+U(e.ts.method,e.ts.args,e.ts.readsCode),fetch:Z(e.parts),python:F(e.parts)}}function A(t){return t.samples.map(e=>{if(e===null)return null;let n=H(t,e);return b.slice(1).map(r=>({id:r.id,label:r.label,html:w(n[r.id],r.language)}))})}var m=(t,e,n,r)=>t.map(s=>`${e}${n}${o(s.name)}, ${o(s.value)}${r},`).join(`
`);function Z(t){var i,u,p,g;let e=[],n=o(t.url);t.query&&(e.push(`const query = new URLSearchParams([
${m(t.query,"  ","[","]")}
]);`),n=`${n} + '?' + query`);let r=[];t.method!=="GET"&&r.push(`  method: ${o(t.method)},`);let s=[];t.auth.basic!==void 0&&s.push(`    Authorization: 'Basic ' + btoa(${o(t.auth.basic)}),`);for(let[a,c]of[...t.auth.headers,...t.headers])s.push(`    ${o(a)}: ${o(c)},`);s.length>0&&r.push(`  headers: {
${s.join(`
`)}
  },`),((i=t.body)==null?void 0:i.kind)==="pairs"?r.push(`  body: new URLSearchParams([
${m(t.body.pairs,"    ","[","]")}
  ]),`):((u=t.body)==null?void 0:u.kind)==="form-data"?(e.push(`const form = new FormData();
${t.body.pairs.map(a=>`form.append(${o(a.name)}, ${o(a.value)});`).join(`
`)}`),r.push("  body: form,")):((p=t.body)==null?void 0:p.kind)==="json"?r.push(`  body: JSON.stringify(${$(t.body.value,"  ")}),`):((g=t.body)==null?void 0:g.kind)==="text"&&r.push(`  body: ${o(t.body.text)},`);let l=r.length>0?`fetch(${n}, {
${r.join(`
`)}
})`:`fetch(${n})`;return e.push(`const response = await ${l};`),e.push("console.log(response.status, await response.text());"),e.join(`
`)}function F(t){var u,p,g,a;let e=["urllib.error","urllib.request"],n=[],r=o(t.url);t.query&&(e.push("urllib.parse"),n.push(`query = urllib.parse.urlencode([
${m(t.query,"    ","(",")")}
])`),r=`${r} + '?' + query`);let s=[];t.auth.basic!==void 0&&(e.push("base64"),s.push(`    'Authorization': 'Basic ' + base64.b64encode(${o(t.auth.basic)}.encode()).decode(),`));for(let[c,d]of[...t.auth.headers,...t.headers])s.push(`    ${o(c)}: ${o(d)},`);let l="";((u=t.body)==null?void 0:u.kind)==="pairs"?(e.includes("urllib.parse")||e.push("urllib.parse"),n.push(`data = urllib.parse.urlencode([
${m(t.body.pairs,"    ","(",")")}
]).encode()`),l="data=data, "):((p=t.body)==null?void 0:p.kind)==="form-data"?(s.push(`    'Content-Type': ${o(t.body.contentType)},`),n.push(`data = ${o(t.body.text)}.encode()`),l="data=data, "):((g=t.body)==null?void 0:g.kind)==="json"?(e.push("json"),n.push(`data = json.dumps(${h(t.body.value,"")}, separators=(',', ':'), ensure_ascii=False).encode()`),l="data=data, "):((a=t.body)==null?void 0:a.kind)==="text"&&(n.push(`data = ${o(t.body.text)}.encode()`),l="data=data, ");let i=s.length>0?`headers={
${s.join(`
`)}
}, `:"";return n.push(`request = urllib.request.Request(${r}, ${l}${i}method=${o(t.method)})`),n.push("try:"),n.push("    response = urllib.request.urlopen(request)"),n.push("except urllib.error.HTTPError as error:"),n.push("    response = error"),n.push("print(response.status, response.read().decode())"),`import ${e.sort().join(", ")}

${n.join(`
`)}`}function h(t,e){if(t==null)return"None";if(t===!0)return"True";if(t===!1)return"False";if(typeof t!="object")return o(t);let n=e+"    ",r=i=>i===null||typeof i!="object"?h(i,""):Array.isArray(i)?`[${i.map(r).join(", ")}]`:`{${Object.entries(i).map(([u,p])=>`${o(u)}: ${r(p)}`).join(", ")}}`,s=r(t);return s.length<=60?s:Array.isArray(t)?`[
${t.map(i=>n+h(i,n)).join(`,
`)},
${e}]`:`{
${Object.entries(t).map(([i,u])=>`${n}${o(i)}: ${h(u,n)}`).join(`,
`)},
${e}}`}function $(t,e){let n=o(t);if(n.length<=60||t===null||typeof t!="object")return n;let r=e+"  ";return Array.isArray(t)?`[
${t.map(l=>r+$(l,r)).join(`,
`)},
${e}]`:`{
${Object.entries(t).map(([l,i])=>`${r}${x(l)}: ${$(i,r)}`).join(`,
`)},
${e}}`}return T(J);})();
