/** The shape of the layer map (eslint/layers.js), for the tests that read it. */
export interface Floor {
  name: string;
  files: string[];
  mayImport: string[] | '*';
  apart?: boolean;
  why: string;
}

export interface Layer {
  name: string;
  level?: number;
  files: string[];
  why: string;
  mayImport?: '*' | { layer: string; files?: string[]; typeOnly?: boolean }[];
  through?: Record<string, string[]>;
  public?: string[];
  denyPackages?: string[];
  floors?: Floor[];
}

export const roots: string[];
export const layers: Layer[];
