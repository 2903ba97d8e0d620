import { describe, expect, it } from 'vitest';
import { IpcError, inApp, listCampaigns } from './index';

describe('ipc outside the app', () => {
  it('knows it is not in the Tauri window', () => {
    expect(inApp()).toBe(false);
  });

  it('rejects with an IpcError instead of crashing', async () => {
    const err = await listCampaigns().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IpcError);
    expect((err as IpcError).code).toBe('not_in_app');
  });
});
