// The runtime modules of `arbiter start` and `arbiter demo` (API, worker, BullMQ, Prisma...), loaded on
// first use, so that `arbiter adjudicate` and `--help` stay quick: the other start modules import only
// types statically.
async function loadRuntime() {
  const [bullmq, ioredis, api, config, db, embedded, mailIn, turns, worker] = await Promise.all([
    import('bullmq'),
    import('ioredis'),
    import('@arbiter/api'),
    import('@arbiter/config'),
    import('@arbiter/db'),
    import('@arbiter/embedded'),
    import('@arbiter/mail-in'),
    import('@arbiter/turns'),
    import('@arbiter/worker'),
  ]);
  return {
    Queue: bullmq.Queue,
    Redis: ioredis.Redis,
    buildServer: api.buildServer,
    serverOptionsFor: api.serverOptionsFor,
    createTurnQueue: api.createTurnQueue,
    loadConfig: config.loadConfig,
    loadDatabaseConfig: config.loadDatabaseConfig,
    loadLocalConfig: config.loadLocalConfig,
    applyMigrations: db.applyMigrations,
    createDb: db.createDb,
    redactUrl: db.redactUrl,
    arbiterHome: embedded.arbiterHome,
    chooseQueueHome: embedded.chooseQueueHome,
    loadOrCreateGmToken: embedded.loadOrCreateGmToken,
    readDemoState: embedded.readDemoState,
    readRunInfo: embedded.readRunInfo,
    removeRunInfo: embedded.removeRunInfo,
    startOutboxSmtpServer: embedded.startOutboxSmtpServer,
    writeDemoState: embedded.writeDemoState,
    writeRunInfo: embedded.writeRunInfo,
    ImapPoller: mailIn.ImapPoller,
    imapPollerOptions: mailIn.imapPollerOptions,
    mailPipelineFor: mailIn.mailPipelineFor,
    smtpIntakeOptions: mailIn.smtpIntakeOptions,
    startSmtpIntake: mailIn.startSmtpIntake,
    openGame: turns.openGame,
    playerMailSettings: turns.playerMailSettings,
    QueueTurnDispatcher: turns.QueueTurnDispatcher,
    TURN_QUEUE: turns.TURN_QUEUE,
    startWorker: worker.startWorker,
    TURN_JOB_OPTIONS: worker.TURN_JOB_OPTIONS,
  };
}
export type Runtime = Awaited<ReturnType<typeof loadRuntime>>;
let runtime: Promise<Runtime> | undefined;
/** The runtime modules, loaded once. */
export function rt(): Promise<Runtime> {
  runtime ??= loadRuntime();
  return runtime;
}
