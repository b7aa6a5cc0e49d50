/**
 * The connection a bank process keeps its PostgreSQL state through (pg-bank-store.ts): opened
 * with the schema brought up to date and the process joined as a member of the sandbox
 * (pg-membership.ts), and opened again when the server ended it (a restart, a failover, an
 * operator's pg_terminate_backend). A bank that runs for weeks as a service outlives its
 * database's restarts: the change that finds the connection gone opens a new one, and the store
 * then reads the whole state again, as at a start.
 */
import type pg from 'pg';
import { SandboxMembership } from './pg-membership.js';
import { LEASE_MS, PG_MIGRATIONS, migratePostgres } from './pg-schema.js';

export class PgStateConnection {
  private broken = false;
  private closed = false;

  private constructor(
    private current: pg.Client,
    private members: SandboxMembership,
    private readonly url: string,
    /** For messages: the URL without its password. */
    private readonly where: string,
  ) {}

  /** Connects, migrates and joins; the error names the database (never its password). */
  static async open(url: string, where: string): Promise<PgStateConnection> {
    const client = await connect(url, where);
    try {
      await migratePostgres(client, PG_MIGRATIONS);
      const members = await SandboxMembership.join(client, where);
      const connection = new PgStateConnection(client, members, url, where);
      connection.watch(client);
      return connection;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  get client(): pg.Client {
    return this.current;
  }

  get membership(): SandboxMembership {
    return this.members;
  }

  /**
   * Before a change or a read: a connection the server ended is opened again (and the process
   * joins again). True when it was: what this process holds may be behind the database.
   */
  async ensure(): Promise<boolean> {
    if (!this.broken) return false;
    const client = await connect(this.url, this.where);
    try {
      this.members = await SandboxMembership.join(client, this.where);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    const old = this.current;
    this.current = client;
    this.broken = false;
    this.watch(client);
    await old.end().catch(() => undefined);
    process.stderr.write(`the PostgreSQL database ${this.where} is reached again\n`);
    return true;
  }

  end(): Promise<void> {
    this.closed = true;
    return this.current.end();
  }

  /**
   * A connection the server ends is an error event, which would end the process unheard: the
   * change in progress answers 503 instead (engine/pg-request-groups.ts) and the next one connects.
   */
  private watch(client: pg.Client): void {
    const lost = (error?: Error) => {
      if (client !== this.current || this.broken || this.closed) return;
      this.broken = true;
      process.stderr.write(
        `the PostgreSQL database ${this.where} is out of reach${error ? `: ${error.message}` : ''}\n`,
      );
    };
    client.on('error', lost);
    client.on('end', () => lost());
  }
}

/** A new connection to the database at `url`; the error names it by `where` (no password). */
export async function connect(url: string, where: string): Promise<pg.Client> {
  // Loaded here, not at start: only a bank on PostgreSQL needs the driver (about 14 MB).
  const { default: driver } = await import('pg');
  const client = new driver.Client({
    connectionString: url,
    // The lease (pg-schema.ts): a change left idle this long, holding the sandbox's lock, is
    // ended by the server; this connection then reads as lost and the next change connects.
    idle_in_transaction_session_timeout: LEASE_MS,
  });
  // Until watched, an error event must still have a listener (connect rejects with it).
  client.on('error', () => undefined);
  await client.connect().catch(async (error: Error) => {
    await client.end().catch(() => undefined);
    throw new Error(`cannot reach the PostgreSQL database ${where}: ${error.message}`);
  });
  return client;
}
