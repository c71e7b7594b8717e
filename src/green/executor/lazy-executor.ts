import type { AgentExecutor, ExecutionEventBus, RequestContext } from '@a2a-js/sdk/server';
import type { GreenAgentExecutor, GreenExecutorOptions } from './green-executor.js';

/**
 * The green's executor, loaded with the first request. It brings everything an assessment needs —
 * agents and their simulators, the scenario loader, characters, judge, LangChain and the
 * providers — none of which a green needs to start and serve its card: loading it all up front
 * made a green take 13× as long as a bare node server to answer (issue 30). The first assessment
 * pays for it instead, once, which is lost in a run of minutes.
 */
export class LazyGreenExecutor implements AgentExecutor {
  private loading: Promise<GreenAgentExecutor> | undefined;
  private loaded: GreenAgentExecutor | undefined;
  private publicBaseUrl: string | undefined;

  /** `options` is called once, at the first request (it may load what the executor needs). */
  constructor(private readonly options: () => Promise<GreenExecutorOptions>) {}

  execute(context: RequestContext, bus: ExecutionEventBus): Promise<void> {
    return this.load().then((executor) => executor.execute(context, bus));
  }

  async cancelTask(taskId: string, bus: ExecutionEventBus): Promise<void> {
    // Before the first request nothing can be running here.
    if (this.loading === undefined) return;
    await (await this.loading).cancelTask(taskId, bus);
  }

  /** The base URL purples reach this green at (set once the server knows its port). */
  setPublicBaseUrl(url: string): void {
    this.publicBaseUrl = url;
    this.loaded?.setPublicBaseUrl(url);
  }

  /** Cancels what runs and stops every context's simulator (nothing to do if none ever ran). */
  async shutdown(): Promise<void> {
    const executor = await this.loading?.catch(() => undefined);
    await executor?.shutdown();
  }

  /** Contexts with a started agent (and simulator). */
  get activeContexts(): number {
    return this.loaded?.activeContexts ?? 0;
  }

  private load(): Promise<GreenAgentExecutor> {
    if (this.loading === undefined) {
      const loading = (async () => {
        const { GreenAgentExecutor } = await import('./green-executor.js');
        const executor = new GreenAgentExecutor(await this.options());
        if (this.publicBaseUrl !== undefined) executor.setPublicBaseUrl(this.publicBaseUrl);
        this.loaded = executor;
        return executor;
      })();
      this.loading = loading;
      // A load that failed is reported to its request and tried again by the next one.
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }
}
