import { describe, expect, it } from 'vitest';
import { marketSiteById, type MarketSiteInfo } from '@app/shared';
import { loadConfig } from '../../config.ts';
import { createMarketplaceConnectors } from './index.ts';

const uk = marketSiteById(5) as MarketSiteInfo;
const authorize = { site: uk, state: 's1', redirectUri: 'https://hub.test/cb' };

describe('createMarketplaceConnectors', () => {
  it('points marketplaces without credentials at the mounted simulators, as sandbox', () => {
    const connectors = createMarketplaceConnectors(loadConfig({ PORT: '9000', DEMO: '1' }));
    expect(Object.keys(connectors).sort()).toEqual(['amazon', 'shopee', 'shopify', 'temu']);
    expect(connectors.amazon!.sandbox).toBe(true);
    expect(connectors.amazon!.authorizeUrl(authorize)).toMatch(
      /^http:\/\/localhost:9000\/__sim\/amazon\/apps\/authorize\/consent\?/,
    );
  });

  it('uses the real marketplace once its credentials are configured', () => {
    const connectors = createMarketplaceConnectors(
      loadConfig({
        DEMO: '1',
        AMAZON_LWA_CLIENT_ID: 'amzn1.application-oa2-client.x',
        AMAZON_LWA_CLIENT_SECRET: 'secret',
        AMAZON_APP_ID: 'amzn1.sellerapps.app.x',
      }),
    );
    expect(connectors.amazon!.sandbox).toBe(false);
    const url = new URL(connectors.amazon!.authorizeUrl(authorize));
    expect(url.origin).toBe('https://sellercentral-europe.amazon.com');
    expect(url.searchParams.get('application_id')).toBe('amzn1.sellerapps.app.x');
    expect(connectors.shopify!.sandbox).toBe(true);
  });

  it("sends each Shopee shop's consent to its region's partner host", () => {
    const connectors = createMarketplaceConnectors(
      loadConfig({ SHOPEE_PARTNER_ID: '1001', SHOPEE_PARTNER_KEY: 'key' }),
    );
    const origin = (site: MarketSiteInfo) =>
      new URL(connectors.shopee!.authorizeUrl({ ...authorize, site })).origin;
    const singapore = marketSiteById(201) as MarketSiteInfo;
    const brazil = marketSiteById(208) as MarketSiteInfo;
    expect(origin(singapore)).toBe('https://partner.shopeemobile.com');
    expect(origin(brazil)).toBe('https://openplatform.shopee.com.br');
    expect(origin({ ...singapore, remoteId: 'CN' })).toBe('https://openplatform.shopee.cn');
  });

  it('offers no marketplace without credentials when the simulators are off', () => {
    expect(createMarketplaceConnectors(loadConfig({ MARKETPLACE_SIM: 'off', DEMO: '1' }))).toEqual(
      {},
    );
  });

  it('mounts no simulator without DEMO unless MARKETPLACE_SIM asks for them', () => {
    expect(createMarketplaceConnectors(loadConfig({}))).toEqual({});
    expect(
      Object.keys(createMarketplaceConnectors(loadConfig({ MARKETPLACE_SIM: 'on' }))),
    ).toHaveLength(4);
  });
});
