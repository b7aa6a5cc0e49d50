/**
 * Main → view events. Services emit typed events here; each host forwards them to its views
 * (IPC `webContents.send`, WebSocket frames). A failing listener never breaks the emitter.
 */
import type { EventName, EventPayload } from './contract/index.js';

export type EventListener = (name: EventName, payload: unknown) => void;

export class EventHub {
  private readonly listeners = new Set<EventListener>();

  emit<N extends EventName>(name: N, payload: EventPayload<N>): void {
    for (const listener of this.listeners) {
      try {
        listener(name, payload);
      } catch {
        // A broken view must not stop main (design property 6 of docs/architecture.md).
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface QueuedEvent {
  name: EventName;
  payload: unknown;
}

/**
 * Batches events per tick so a burst (a suite run's check events) reaches a view as one message;
 * both the IPC and the WebSocket bridge deliver through this.
 */
export function subscribeBatched(
  hub: EventHub,
  deliver: (events: QueuedEvent[]) => void,
): () => void {
  let queued: QueuedEvent[] = [];
  const flush = () => {
    const events = queued;
    queued = [];
    if (events.length > 0) deliver(events);
  };
  return hub.subscribe((name, payload) => {
    if (queued.length === 0) setImmediate(flush);
    queued.push({ name, payload });
  });
}
