/**
 * The composer: the endpoint catalogue, the request draft, its preview (the exchange as main would
 * send it, signing string included), the last response, and the saved collections. Whether the
 * body parses, what stops a send and the composed request are derived from the draft, not stored.
 */
import { create, type StoreApi } from 'zustand';
import type {
  EndpointCatalogueView,
  ExchangeView,
  SpecSchemaView,
  WorkbenchSettings,
} from '../../../../main/api/contract';
import type { ExchangeRequest } from '../../../../main/shared/exchange';
import { api } from '../../api';
import { linksOf } from '../../lib/links';
import { fillPath } from '../../lib/path-template';
import { useScaStore } from '../../state/sca-store';
import { useSessionStore } from '../../state/session-store';
import { takeComposerIntents } from '../../state/composer-intents';
import { useTargetsStore } from '../../state/targets-store';
import { useOpenCollection } from './open-collection';
import {
  composedRequest,
  draftAfterFollow,
  draftFromEndpoint,
  draftOfCheckRequest,
  draftOfExchange,
  editedRow,
  emptyDraft,
  row,
  type RequestDraft,
  type Row,
} from './request-model';
import { activeVariables } from './environments';
import { resolvedDraft, variableValues } from './variables';
import { variablesActions, type VariablesState } from './variables-actions';
import { tabsActions, type TabsState } from './tabs-actions';

type RowList = 'query' | 'headers';

/** How the response body shows: a foldable tree, its lists as tables, or the raw text. */
export type ResponseViewMode = 'tree' | 'table' | 'raw';

/** The key a response is kept under: its operation (a response belongs to what asked for it). */
const keyOf = (draft: RequestDraft) => draft.operationId ?? '';

/** The base URL of the target an exchange went to, for reading its path as an operation. */
function baseUrlOf(targetId: string): string | undefined {
  return useTargetsStore.getState().view?.targets.find((t) => t.id === targetId)?.baseUrl;
}

/**
 * What `{{name}}` stands for on a target: its active environment's variables and its PSU
 * session's PSU-ID.
 */
export function variableValuesOf(
  variables: VariablesState['variables'],
  targetId: string,
): Record<string, string> {
  return {
    // The open collection's variables, unless the target captured a value of the same name.
    ...useOpenCollection.getState().values,
    ...variableValues(
      activeVariables(variables[targetId]),
      useSessionStore.getState().sessions[targetId]?.psuId,
    ),
  };
}

/**
 * The origin an absolute URL goes to when it is not the target's (an imported collection with a
 * literal host): main sends the target's headers and credentials only to its origin and asks for
 * `allowForeignOrigin` otherwise (SECURITY.md), so the composer asks the user first.
 */
export function foreignOriginOf(
  path: string,
  baseUrl: string | undefined,
): { origin: string; targetOrigin: string } | undefined {
  if (!baseUrl || !/^https?:\/\//i.test(path)) return undefined;
  try {
    const origin = new URL(path).origin;
    const targetOrigin = new URL(baseUrl).origin;
    return origin === targetOrigin ? undefined : { origin, targetOrigin };
  } catch {
    return undefined;
  }
}

/** A response whose `_links` stay offered while the answer of one of them is shown. */
export interface LinkSource {
  from: ExchangeView;
  /** The id of the followed answer it is shown with. */
  shownWith: string;
}

interface ComposerState extends VariablesState, TabsState {
  catalogue?: EndpointCatalogueView;
  /** The bank's JSON Schemas, for the body editor. */
  schemas: SpecSchemaView[];
  draft: RequestDraft;
  preview?: ExchangeView;
  previewError?: unknown;
  /** The last response of the draft's operation. */
  response?: ExchangeView;
  /** The last response of each operation, so switching back shows its own. */
  responses: Record<string, ExchangeView>;
  /** The response a shown answer was followed from: its other links stay at hand. */
  linkSource?: LinkSource;
  responseView: ResponseViewMode;
  setResponseView(mode: ResponseViewMode): void;
  sending: boolean;
  /** The request goes to another origin than the target's: sent only once the user confirms. */
  foreignOrigin?: { origin: string; targetOrigin: string };
  error?: unknown;
  /** Status line for screen readers and the eye: "Sent", "Saved", "Copied". */
  notice?: string;
  loadCatalogue(): Promise<void>;
  chooseEndpoint(operationId: string, settings: WorkbenchSettings): void;
  setDraft(change: Partial<RequestDraft>): void;
  loadDraft(draft: RequestDraft, response?: ExchangeView): void;
  setPathParam(name: string, value: string): void;
  addRow(list: RowList, name?: string, value?: string): void;
  /** Edits one row; typing a value into an unticked row ticks it (`editedRow`). */
  updateRow(list: RowList, id: string, change: Partial<Omit<Row, 'id'>>): void;
  removeRow(list: RowList, id: string): void;
  refreshPreview(targetId: string): Promise<void>;
  /** Sends the draft; to another origin only with `allowForeignOrigin` (else it asks first). */
  send(targetId: string, allowForeignOrigin?: boolean): Promise<void>;
  cancelForeignOrigin(): void;
  /**
   * Follows a `_links` relation of the shown response (or of `from`); the form moves to the
   * operation and values the link called, so it says what was sent.
   */
  follow(relation: string, from?: ExchangeView): Promise<void>;
  /** A sent exchange (history) in the form: its operation and values, its response. */
  openExchange(exchange: ExchangeView): Promise<void>;
  /**
   * A request a check sent (Runner evidence) in a form of its own, on the operation it called and
   * read against the active target; never over the shown tab's edited form.
   */
  openCheckRequest(request: ExchangeRequest): Promise<void>;
  say(notice: string | undefined): void;
}

export const useComposerStore = create<ComposerState>((set, get, store) => ({
  ...variablesActions(set, get),
  ...tabsActions(set, get, store.subscribe),
  draft: emptyDraft(),
  responses: {},
  responseView: 'tree',
  setResponseView: (responseView) => set({ responseView }),
  schemas: [],
  sending: false,
  async loadCatalogue() {
    try {
      const [catalogue, schemas] = await Promise.all([
        api.call('tpp.endpoints', {}),
        api.call('spec.schemas', {}),
      ]);
      set({ catalogue, schemas });
    } catch (error) {
      set({ error });
    }
  },
  ...draftSlice(set, get),
  ...exchangeSlice(set, get),
  ...openSlice(set, get),
  say: (notice) => set({ notice }),
}));

type StoreSet = StoreApi<ComposerState>['setState'];
type StoreGet = StoreApi<ComposerState>['getState'];

/** The draft in the form: chosen from the catalogue or loaded, its path values and its rows. */
function draftSlice(
  set: StoreSet,
  get: StoreGet,
): Pick<
  ComposerState,
  | 'chooseEndpoint'
  | 'setDraft'
  | 'loadDraft'
  | 'setPathParam'
  | 'addRow'
  | 'updateRow'
  | 'removeRow'
> {
  return {
    chooseEndpoint(operationId, settings) {
      const catalogue = get().catalogue;
      const endpoint = catalogue?.endpoints.find((e) => e.operationId === operationId);
      if (!catalogue || !endpoint) return;
      const draft = draftFromEndpoint(endpoint, catalogue, settings);
      set((state) => ({
        draft,
        preview: undefined,
        notice: undefined,
        response: state.responses[keyOf(draft)],
      }));
    },
    setDraft: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),
    loadDraft: (draft, response) =>
      set((state) =>
        response
          ? {
              draft,
              preview: undefined,
              response,
              responses: { ...state.responses, [keyOf(draft)]: response },
            }
          : { draft, preview: undefined, response: state.responses[keyOf(draft)] },
      ),
    setPathParam: (name, value) =>
      set((state) => ({
        draft: { ...state.draft, pathParams: { ...state.draft.pathParams, [name]: value } },
      })),
    addRow: (list, name = '', value = '') =>
      set((state) => ({
        draft: { ...state.draft, [list]: [...state.draft[list], row(name, value)] },
      })),
    updateRow: (list, id, change) =>
      set((state) => ({
        draft: {
          ...state.draft,
          [list]: state.draft[list].map((r) => (r.id === id ? editedRow(r, change) : r)),
        },
      })),
    removeRow: (list, id) =>
      set((state) => ({
        draft: { ...state.draft, [list]: state.draft[list].filter((r) => r.id !== id) },
      })),
  };
}

/** The draft previewed and sent, a foreign origin asked about first, and a link followed. */
function exchangeSlice(
  set: StoreSet,
  get: StoreGet,
): Pick<ComposerState, 'refreshPreview' | 'send' | 'cancelForeignOrigin' | 'follow'> {
  return {
    async refreshPreview(targetId) {
      const draft = get().draft;
      try {
        const preview = await api.call('tpp.preview', {
          targetId,
          request: composedRequest(
            resolvedDraft(draft, variableValuesOf(get().variables, targetId)),
          ),
        });
        // A newer draft may have replaced this one while main prepared it.
        if (get().draft === draft) set({ preview, previewError: undefined });
      } catch (error) {
        if (get().draft === draft) set({ preview: undefined, previewError: error });
      }
    },
    async send(targetId, allowForeignOrigin = false) {
      if (get().sending) return;
      const request = composedRequest(
        resolvedDraft(get().draft, variableValuesOf(get().variables, targetId)),
      );
      const foreignOrigin = foreignOriginOf(request.path, baseUrlOf(targetId));
      if (foreignOrigin && !allowForeignOrigin) {
        set({ foreignOrigin, notice: undefined });
        return;
      }
      set({ sending: true, foreignOrigin: undefined, error: undefined, notice: undefined });
      try {
        const response = await api.call('tpp.send', {
          targetId,
          // Unsigned: main signs only requests to the target's origin.
          request: foreignOrigin ? { ...request, sign: false } : request,
          ...(get().draft.operationId ? { label: get().draft.operationId } : {}),
          ...(foreignOrigin ? { allowForeignOrigin: true } : {}),
        });
        // A new resource asking for SCA: the SCA shown so far was another one's.
        if (linksOf(response.response?.json).some((link) => link.relation === 'scaRedirect'))
          useScaStore.getState().dismiss();
        get().captureFrom(response);
        set((state) => ({
          response,
          responses: { ...state.responses, [keyOf(state.draft)]: response },
          sending: false,
          notice: response.response
            ? `Sent: ${response.response.status}`
            : `No response: ${response.error}`,
        }));
      } catch (error) {
        set({ sending: false, error });
      }
    },
    cancelForeignOrigin: () => set({ foreignOrigin: undefined }),
    async follow(relation, source) {
      const from = source ?? get().response;
      if (!from || get().sending) return;
      set({ sending: true, error: undefined, notice: undefined });
      try {
        const response = await api.call('tpp.follow', { exchangeId: from.id, relation });
        get().captureFrom(response);
        const state = get();
        const endpoints = state.catalogue?.endpoints ?? [];
        const onOperation = draftOfExchange(response, endpoints, baseUrlOf(response.targetId));
        // Paging stays on the operation and keeps the form's rows: the query shows what the page
        // shown answers. Any other link opens what it called beside the tab it was followed from,
        // which keeps its form and answer.
        const samePage =
          onOperation.operationId !== undefined &&
          onOperation.operationId === state.draft.operationId &&
          fillPath(onOperation.pathTemplate, onOperation.pathParams) ===
            fillPath(state.draft.pathTemplate, state.draft.pathParams);
        const keeps = linksOf(from.response?.json).length > 0 ? from : state.linkSource?.from;
        if (samePage)
          set({
            draft: draftAfterFollow(state.draft, response.request.url),
            preview: undefined,
            response,
          });
        else get().openInTab(onOperation, response, true);
        set((current) => ({
          responses: { ...current.responses, [keyOf(onOperation)]: response },
          ...(keeps ? { linkSource: { from: keeps, shownWith: response.id } } : {}),
          sending: false,
          notice: `Followed ${relation}`,
        }));
      } catch (error) {
        set({ sending: false, error });
      }
    },
  };
}

/** A sent exchange or a check's request opened in a tab of its own. */
function openSlice(
  set: StoreSet,
  get: StoreGet,
): Pick<ComposerState, 'openExchange' | 'openCheckRequest'> {
  return {
    async openExchange(exchange) {
      if (!get().catalogue) await get().loadCatalogue();
      const endpoints = get().catalogue?.endpoints ?? [];
      const draft = draftOfExchange(exchange, endpoints, baseUrlOf(exchange.targetId));
      set((state) => ({ responses: { ...state.responses, [keyOf(draft)]: exchange } }));
      get().openInTab(draft, exchange);
    },
    async openCheckRequest(request) {
      if (!get().catalogue) await get().loadCatalogue();
      const endpoints = get().catalogue?.endpoints ?? [];
      const targetId = useTargetsStore.getState().view?.activeTargetId ?? '';
      get().openInTab(draftOfCheckRequest(request, endpoints, baseUrlOf(targetId)));
    },
  };
}

// History and the Runner's evidence open what they show here, through the shared intents.
takeComposerIntents({
  openExchange: (exchange) => useComposerStore.getState().openExchange(exchange),
  openCheckRequest: (request) => useComposerStore.getState().openCheckRequest(request),
});
