export interface components {
  schemas: {
    A: string | Array<components["schemas"]["A"]>;
    D: Array<components["schemas"]["D"]>;
    F: Array<(components["schemas"]["F"] | string)>;
    G: components["schemas"]["H"];
    H: string | components["schemas"]["G"];
  };
}
const a: components["schemas"]["A"] = ["x", ["y"]];
// @ts-expect-error
const b: components["schemas"]["A"] = [1];
