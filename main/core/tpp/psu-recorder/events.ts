/**
 * What the recorder in the bank's page reports (page-script.ts), as data: the pages the tester
 * saw, what was typed, and each form submission with the final state of its boxes and options.
 * Reports arrive from a page the workbench does not control, so each is checked here before it
 * counts; a bad one is refused with the path of the wrong field.
 */
import { Type, type Static } from '@sinclair/typebox';
import { SpecValidator } from '../../spec/validation.js';

const strict = { additionalProperties: false } as const;
const Short = (maxLength = 2000) => Type.String({ maxLength });

/** An element as the recorder saw it: its tag, its attributes, the text of its label. */
export const ElementInfoSchema = Type.Object(
  {
    tag: Type.String({ minLength: 1, maxLength: 40 }),
    attributes: Type.Record(Type.String({ maxLength: 100 }), Short(), { maxProperties: 60 }),
    /** The text of the element's <label> (or aria-label). */
    label: Type.Optional(Short(500)),
    /** The element's own text (buttons, headings, elements that show a value). */
    text: Type.Optional(Short(500)),
  },
  strict,
);
export type ElementInfo = Static<typeof ElementInfoSchema>;

const Base = {
  /** Order of the reports of one recording (the page's clock; reports may arrive out of order). */
  seq: Type.Number(),
  url: Type.String({ minLength: 1, maxLength: 4000 }),
};

export const PageEventSchema = Type.Object(
  {
    kind: Type.Literal('page'),
    ...Base,
    title: Type.Optional(Short(500)),
    /** Elements that name the page: those with a data-step, data-page or data-testid on a landmark. */
    marks: Type.Array(ElementInfoSchema, { maxItems: 40 }),
  },
  strict,
);

export const InputEventSchema = Type.Object(
  {
    kind: Type.Literal('input'),
    ...Base,
    field: ElementInfoSchema,
    form: Type.Optional(ElementInfoSchema),
    value: Short(4000),
  },
  strict,
);

/** A checkbox, radio button or select of the submitted form, as it was submitted. */
export const ControlStateSchema = Type.Object(
  {
    field: ElementInfoSchema,
    checked: Type.Optional(Type.Boolean()),
    /** A <select>'s chosen value and the text of its option. */
    value: Type.Optional(Short()),
    optionLabel: Type.Optional(Short(500)),
  },
  strict,
);
export type ControlState = Static<typeof ControlStateSchema>;

export const SubmitEventSchema = Type.Object(
  {
    kind: Type.Literal('submit'),
    ...Base,
    form: ElementInfoSchema,
    /** The button pressed; absent when the form was sent with Enter and has no button. */
    button: Type.Optional(ElementInfoSchema),
    controls: Type.Array(ControlStateSchema, { maxItems: 500 }),
    /**
     * Typed fields whose value is shown elsewhere on the page (a one-time code the page displays):
     * the field's name and the element that shows it. The value itself is not repeated.
     */
    shown: Type.Optional(
      Type.Array(Type.Object({ field: Short(200), element: ElementInfoSchema }, strict), {
        maxItems: 20,
      }),
    ),
  },
  strict,
);

export const RedirectEventSchema = Type.Object({ kind: Type.Literal('redirect'), ...Base }, strict);

export const RecordedEventSchema = Type.Union([
  PageEventSchema,
  InputEventSchema,
  SubmitEventSchema,
  RedirectEventSchema,
]);
export type RecordedEvent = Static<typeof RecordedEventSchema>;
export type PageEvent = Static<typeof PageEventSchema>;
export type InputEvent = Static<typeof InputEventSchema>;
export type SubmitEvent = Static<typeof SubmitEventSchema>;

const SCHEMAS = {
  page: PageEventSchema,
  input: InputEventSchema,
  submit: SubmitEventSchema,
  redirect: RedirectEventSchema,
} as const;

const validator = new SpecValidator();

/** Most reports one batch may carry (a page's worth of typing). */
export const MAX_EVENTS_PER_BATCH = 500;

/** One report, or an Error naming the wrong field. */
export function parseRecordedEvent(value: unknown, at = 'event'): RecordedEvent {
  const kind = (value as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !(kind in SCHEMAS))
    throw new Error(`${at}.kind: must be one of ${Object.keys(SCHEMAS).join(', ')}`);
  const check = validator.check(SCHEMAS[kind as keyof typeof SCHEMAS], value);
  if (!check.ok) {
    const problem = check.problems[0]!;
    const path = problem.path === '' ? at : `${at}.${problem.path}`;
    throw new Error(`${path}: ${problem.message}`);
  }
  return value as RecordedEvent;
}

/** A batch of reports as the page sends it (a JSON array), or an Error naming what is wrong. */
export function parseRecordedBatch(value: unknown): RecordedEvent[] {
  if (!Array.isArray(value)) throw new Error('a recorder batch must be a JSON array of events');
  if (value.length > MAX_EVENTS_PER_BATCH)
    throw new Error(`a recorder batch holds at most ${MAX_EVENTS_PER_BATCH} events`);
  return value.map((event, i) => parseRecordedEvent(event, `[${i}]`));
}
