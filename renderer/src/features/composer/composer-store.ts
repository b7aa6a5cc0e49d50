/** The request being composed. Whether its body parses is derived, not stored twice. */
import { create } from 'zustand';

interface ComposerState {
  body: string;
  parseError: string | null;
  setBody(body: string): void;
}

function parseErrorOf(body: string): string | null {
  if (body.trim() === '') return null;
  try {
    JSON.parse(body);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

export const useComposerStore = create<ComposerState>((set) => ({
  body: '{\n}\n',
  parseError: null,
  setBody: (body) => set({ body, parseError: parseErrorOf(body) }),
}));
