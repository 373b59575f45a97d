import pg from 'pg';

/** Waits before listening again after the connection was lost: 1 s, doubling up to 15 s. */
const RETRY_MS = { first: 1_000, max: 15_000 };
/** The connection is asked how it is this often, and taken for lost when it has not answered in time. */
const HEARTBEAT_MS = { every: 10_000, answerWithin: 5_000 };

export interface NoticeHandlers {
  /** A notice on the channel. */
  notice(): void;
  /** Listening has begun (again): what was notified while nobody listened is unknown. */
  listening(): void;
  /** The connection is lost (listening again is under way). */
  lost(error: Error | undefined): void;
}

/**
 * A connection of its own that LISTENs to one channel of PostgreSQL's notices (NOTIFY), for as long as it is
 * started: lost (an error, an end, or no answer to a heartbeat: a connection can die without a word), it says so and
 * listens again after a while.
 */
export class NoticeListener {
  private client: pg.Client | null = null;
  private retryMs = RETRY_MS.first;
  private retry: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly url: string | undefined,
    private readonly channel: string,
    private readonly applicationName: string,
    private readonly handlers: NoticeHandlers,
  ) {}

  /** Whether the LISTEN is in place now. */
  get listening(): boolean {
    return this.client !== null;
  }

  start(): void {
    void this.listen();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Pauses reading the connection (tests: a notice held back on its way). */
  get socket(): { pause(): void; resume(): void } | null {
    return this.client?.connection.stream ?? null;
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: this.applicationName,
      keepAlive: true,
      connectionTimeoutMillis: RETRY_MS.max,
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) {
        this.client = null;
        clearInterval(this.heartbeat);
      }
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.stopped) return;
      this.handlers.lost(error);
      this.retry = setTimeout(() => void this.listen(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', () => this.handlers.notice());
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = RETRY_MS.first;
    this.heartbeat = setInterval(() => {
      const late = setTimeout(() => onLost(new Error('no answer to the heartbeat')), HEARTBEAT_MS.answerWithin);
      client.query('SELECT 1').then(
        () => clearTimeout(late),
        (error: unknown) => {
          clearTimeout(late);
          onLost(error as Error);
        },
      );
    }, HEARTBEAT_MS.every);
    this.heartbeat.unref();
    this.handlers.listening();
  }
}
