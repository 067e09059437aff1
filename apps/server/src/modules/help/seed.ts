import type { ArticleInput } from '@app/shared';
import type { Executor } from '../../db/client.ts';
import { articleCategories } from '../../db/schema.ts';
import { insertArticle } from './service.ts';

interface SeedArticle extends Omit<ArticleInput, 'category_id' | 'published' | 'sort'> {
  category: string;
}

const CATEGORIES = [
  { key: 'start', nameZh: '新手入门', nameEn: 'Getting started' },
  { key: 'stores', nameZh: '店铺授权', nameEn: 'Authorizing stores' },
  { key: 'listing', nameZh: '商品与刊登', nameEn: 'Products and publishing' },
  { key: 'fulfil', nameZh: '采购与发货', nameEn: 'Production and shipping' },
  { key: 'finance', nameZh: '余额与账单', nameEn: 'Balance and bills' },
  { key: 'team', nameZh: '员工与权限', nameEn: 'Staff and permissions' },
] as const;

/** The articles a new platform starts with, written from what the console does. */
const ARTICLES: SeedArticle[] = [
  {
    category: 'start',
    slug: 'getting-started',
    title_zh: '五步开始：从授权店铺到第一笔发货',
    title_en: 'Five steps from your first store to your first shipment',
    body_zh: `1. **授权店铺**：在「店铺管理 → 店铺列表」点「授权店铺」，选择 Amazon、Shopify、Temu 或 Shopee，按平台页面完成授权。
2. **挑选商品**：在「商品库 → 母版库」挑选空白母版，用设计工具放上图案，保存为成品；也可以直接使用「共享成品库」里的成品。
3. **刊登**：在对应平台的云仓（如「Amazon 云仓」）选择成品、店铺和站点，填写标题、五点描述和价格后发布。
4. **同步订单**：买家下单后，订单每 15 分钟自动同步到「订单管理 → 平台订单」，也可以在该页点「同步订单」立即同步。
5. **采购生产并发货**：把订单加入购物车结算，用账户余额支付；工厂生产发货后，物流单号会自动回传到销售平台。

每一步都有对应的帮助文章，可在本页搜索。`,
    body_en: `1. **Authorize a store**: under *Stores → Store list*, click *Authorize store*, pick Amazon, Shopify, Temu or Shopee and finish on the marketplace's page.
2. **Choose products**: pick a blank in *Product library → Parent library*, put your artwork on it with the design tool and save it as a finished product, or use one from the *Shared finished library*.
3. **Publish**: in the marketplace's cloud warehouse (e.g. *Amazon cloud warehouse*) choose the product, store and site, fill in the title, bullet points and price, and publish.
4. **Sync orders**: paid orders arrive in *Orders → Platform orders* every 15 minutes; *Sync orders* on that page syncs them now.
5. **Buy production and ship**: add the orders to the cart and pay from your balance at checkout; when the factory ships, the tracking number goes back to the marketplace by itself.

Each step has its own article: search this page.`,
  },
  {
    category: 'stores',
    slug: 'authorize-amazon',
    title_zh: '授权 Amazon 店铺',
    title_en: 'Authorize an Amazon store',
    body_zh: `Amazon 店铺通过卖家中心的 SP-API 授权接入：

1. 打开「店铺管理 → 店铺列表」，点击「授权店铺」，平台选择 **Amazon**，并选择店铺所在区域（北美、欧洲或远东）。
2. 页面会跳转到 Amazon 卖家中心的授权页，使用店铺主账号登录并点击确认。
3. 回到本系统后，店铺显示「授权正常」即完成；每个区域下的站点（如 US、CA、MX）都可刊登。

授权失效（例如在卖家中心撤销了授权）时，店铺会显示「授权失效」，点击「重新授权」即可恢复，已刊登的商品不受影响。`,
    body_en: `Amazon stores connect through Seller Central's SP-API authorization:

1. Open *Stores → Store list*, click *Authorize store*, choose **Amazon** and the store's region (North America, Europe or Far East).
2. You are taken to Seller Central's consent page: sign in with the store's primary account and confirm.
3. Back in the console the store shows as authorized; every site of the region (e.g. US, CA, MX) can be published to.

If the authorization lapses (e.g. it was revoked in Seller Central) the store says so; click *Re-authorize*. Listings already live are not affected.`,
  },
  {
    category: 'stores',
    slug: 'authorize-shopify',
    title_zh: '授权 Shopify 店铺',
    title_en: 'Authorize a Shopify store',
    body_zh: `1. 在「店铺列表」点击「授权店铺」，平台选择 **Shopify**。
2. 填写店铺域名，格式为 \`name.myshopify.com\`（不是自定义域名）。
3. 跳转到 Shopify 后台后确认安装并授予商品、订单和物流权限。
4. 返回后店铺显示「授权正常」，即可在「Shopify 云仓」刊登商品，订单会自动同步。

提示：授权须由店铺所有者或拥有应用安装权限的员工完成。`,
    body_en: `1. In the *Store list*, click *Authorize store* and choose **Shopify**.
2. Enter the shop as \`name.myshopify.com\` (not your custom domain).
3. On the Shopify admin page, approve the app and its product, order and fulfilment access.
4. Back in the console the store shows as authorized: publish from the *Shopify cloud warehouse*; its orders sync by themselves.

Tip: the store owner, or staff allowed to install apps, must approve it.`,
  },
  {
    category: 'stores',
    slug: 'authorize-temu',
    title_zh: '授权 Temu 店铺',
    title_en: 'Authorize a Temu store',
    body_zh: `1. 在「店铺列表」点击「授权店铺」，平台选择 **Temu**。
2. 在 Temu 卖家中心的授权页面登录并同意授权。
3. 授权成功后，可在「Temu 云仓」刊登商品，订单每 15 分钟同步一次。

如果授权失效，在店铺列表点击「检查授权」查看原因，再点击「重新授权」。`,
    body_en: `1. In the *Store list*, click *Authorize store* and choose **Temu**.
2. Sign in on Temu Seller Center's consent page and approve.
3. Once authorized, publish from the *Temu cloud warehouse*; its orders sync every 15 minutes.

If the authorization fails later, click *Check authorization* in the store list to see why, then *Re-authorize*.`,
  },
  {
    category: 'stores',
    slug: 'authorize-shopee',
    title_zh: '授权 Shopee 店铺',
    title_en: 'Authorize a Shopee store',
    body_zh: `1. 在「店铺列表」点击「授权店铺」，平台选择 **Shopee**。
2. 在 Shopee 开放平台页面使用主账号登录并确认授权。
3. 授权完成后，Shopee 订单会出现在「订单管理 → Shopee 订单」，可在那里安排发货。

Shopee 的授权有有效期，系统会在到期前自动续期；续期失败时店铺会提示「授权失效」，重新授权即可。`,
    body_en: `1. In the *Store list*, click *Authorize store* and choose **Shopee**.
2. Sign in with the main account on the Shopee Open Platform page and confirm.
3. Shopee orders then appear under *Orders → Shopee orders*, where you arrange their shipping.

Shopee authorizations expire; the console renews them before they do. If renewal fails, the store shows the authorization as failed: authorize it again.`,
  },
  {
    category: 'listing',
    slug: 'design-products',
    title_zh: '母版、设计与成品库',
    title_en: 'Parent products, designs and the finished library',
    body_zh: `- **母版库**：平台提供的空白商品（T 恤、马克杯等），含 SKU、尺码、颜色、成本价和可印刷区域。
- **设计工具**：在母版详情点击设计，上传图片或使用「素材管理」中的素材，放到印刷区域内，保存后生成效果图。
- **私有成品库**：你保存的成品都在这里，只有你的团队可见；**共享成品库**里是平台提供的现成设计。

成品的 SKU、价格和效果图会在刊登时自动带入。`,
    body_en: `- **Parent library**: the platform's blank products (T-shirts, mugs and more) with their SKUs, sizes, colours, cost and print areas.
- **Design tool**: from a parent product, open the designer, upload an image or use one from *Materials*, place it inside the print area and save: mockups are rendered for you.
- **Private finished library**: every product you saved, visible to your team only; the **Shared finished library** holds ready-made designs from the platform.

A finished product's SKUs, prices and mockups are carried into a listing when you publish it.`,
  },
  {
    category: 'listing',
    slug: 'publish-listing',
    title_zh: '刊登商品到 Amazon、Shopify、Temu',
    title_en: 'Publish products to Amazon, Shopify and Temu',
    body_zh: `1. 打开对应平台的云仓（如「Amazon 云仓」），点击新建，选择成品、店铺和站点。
2. 填写标题、五点描述、关键词和描述，可使用「刊登模板」快速套用；价格可按「定价模板」从成本自动计算。
3. 点击发布。批量发布会在后台运行，页面显示进度。
4. 发布失败时，列表会显示平台返回的原因（例如缺少 UPC、类目属性不全），修改后重新发布即可。

已发布的商品可用「复制到其他站点」一键复制到同平台其他站点，价格按汇率换算。`,
    body_en: `1. Open the marketplace's cloud warehouse (e.g. *Amazon cloud warehouse*), click new and choose the product, store and site.
2. Fill in the title, bullet points, keywords and description; a *Listing template* fills them in for you, and a *Pricing template* works the price out from the cost.
3. Click publish. Batches run in the background with a progress bar.
4. When a marketplace refuses a listing, the list shows its reason (a missing UPC, a required category attribute): fix it and publish again.

*Copy to other sites* copies a published listing to the marketplace's other sites, with prices converted at the exchange rate.`,
  },
  {
    category: 'listing',
    slug: 'upc-codes',
    title_zh: 'UPC / EAN 码：Amazon 刊登必备',
    title_en: 'UPC / EAN codes for Amazon listings',
    body_zh: `Amazon 要求每个变体提供商品编码（UPC 或 EAN），否则刊登会失败。有三种办法：

1. **导入编码池**：在「商品库 → UPC / EAN 码」导入从 GS1 购买的编码（CSV 或 xlsx），刊登时自动分配，每个编码只用一次。
2. **按 GS1 厂商识别码生成**：填写你的 GS1 前缀，系统按规则生成带校验位的编码。
3. **申请 GTIN 豁免**：自有品牌可以在 Amazon 卖家中心为品牌和类目申请 GTIN 豁免；获批后在「店铺列表 → 豁免品牌」添加该品牌并勾选“GTIN 豁免”，刊登时无需编码。

也可以在刊登的变体步骤直接填写品牌自有的 UPC/EAN。`,
    body_en: `Amazon needs a product code (UPC or EAN) for every variation; without one a listing is refused. Three ways to have them:

1. **Import a code pool**: under *Product library → UPC / EAN codes*, import the codes you bought from GS1 (CSV or xlsx); each is assigned once, at publishing.
2. **Generate from your GS1 company prefix**: enter the prefix and the console generates codes with their check digit.
3. **Apply for a GTIN exemption**: for your own brand, apply in Seller Central per brand and category; once approved, add the brand under *Store list → Exempt brands* with *GTIN exemption* ticked, and its listings need no code.

You can also type your brand's own UPC/EAN codes on the variations step of a listing.`,
  },
  {
    category: 'fulfil',
    slug: 'buy-production',
    title_zh: '采购生产：购物车、结算与采购单',
    title_en: 'Buying production: cart, checkout and purchase orders',
    body_zh: `平台订单需要向平台采购生产才会发货：

1. 在「平台订单」勾选订单，点击加入购物车；或在店铺设置中开启**自动采购**，订单到达后自动下单。
2. 在「购物车」确认数量和收货地址后进入「结算」，使用账户余额（需支付密码）或在线支付。
3. 支付后生成采购单，状态依次为：已支付 → 生产中 → 已发货 → 已签收。余额不足时请先充值。

采购单可在发货前取消，已付款项会退回余额。`,
    body_en: `Marketplace orders ship once you buy their production from the platform:

1. In *Platform orders*, select orders and add them to the cart, or switch on **auto-buy** for a store so each paid order is bought as it arrives.
2. Check quantities and the address in the *Shopping cart*, then *Checkout* and pay from your balance (with your pay password) or online.
3. Each payment makes a purchase order: paid → in production → shipped → delivered. Top up first if the balance is short.

A purchase order can be cancelled before it ships; its payment goes back to your balance.`,
  },
  {
    category: 'fulfil',
    slug: 'order-sync',
    title_zh: '订单同步与 SKU 关联',
    title_en: 'Order sync and SKU relations',
    body_zh: `- 已授权店铺的订单每 15 分钟自动同步一次，也可在「平台订单」点「同步订单」立即同步。
- 订单中的商品通过 SKU 对应到你的成品。在平台上手动创建的商品 SKU 不同，请在「订单管理 → SKU 关联」里把平台 SKU 关联到成品，之后的订单会自动匹配。
- 没有关联成品的订单不能采购，订单列表会提示。`,
    body_en: `- Orders of authorized stores sync every 15 minutes; *Sync orders* on *Platform orders* syncs them now.
- Order lines are matched to your finished products by SKU. For products made on the marketplace by hand, relate their SKUs under *Orders → SKU relations*; later orders then match by themselves.
- Orders without a matched product cannot be bought; the order list points them out.`,
  },
  {
    category: 'fulfil',
    slug: 'shipping-tracking',
    title_zh: '发货、物流单号与回传',
    title_en: 'Shipping, tracking numbers and marketplace updates',
    body_zh: `工厂发货后，采购单会记录承运商和物流单号（可能分多个包裹发出）。系统会：

1. 自动把物流单号回传到销售平台，标记订单已发货；平台拒绝时，订单会显示平台返回的原因，可在「更新物流」修改后重试。
2. 定时查询承运商轨迹，直到包裹签收。

自行发货的订单，可在「更新物流」手动填写承运商和单号，或在「导入 / 导出订单」批量导入。`,
    body_en: `When the factory ships, the purchase order records the carrier and tracking number (an order may ship in several parcels). The console then:

1. Sends the tracking to the marketplace and marks the order shipped; if the marketplace refuses, the order shows its reason: correct it under *Update logistics* and it is sent again.
2. Polls the carrier until the parcel is delivered.

For orders you ship yourself, enter the carrier and number under *Update logistics*, or import many at once under *Import / export orders*.`,
  },
  {
    category: 'fulfil',
    slug: 'fba-shipments',
    title_zh: 'FBA 货件：备货到亚马逊仓库',
    title_en: 'FBA shipments: sending stock to Amazon warehouses',
    body_zh: `使用亚马逊物流（FBA）时，先把货发到亚马逊仓库：

1. 在「订单管理 → FBA 货件」点击「新建货件」，选择 Amazon 店铺、商品和数量。
2. 系统向 Amazon 创建入库计划，返回目的仓库；确认后打印箱标和货件标签。
3. 货件发出后，状态会从 Amazon 自动同步，直到亚马逊仓库收货完成。

货件被 Amazon 拒绝或需要调整时，可使用「重建货件」。FBA 订单由亚马逊配送，显示在「FBA 订单」中。`,
    body_en: `With Fulfilment by Amazon (FBA) you first send stock to Amazon's warehouses:

1. Under *Orders → FBA shipments*, click *New shipment* and choose the Amazon store, products and quantities.
2. The console creates the inbound plan with Amazon, which names the destination warehouse; confirm, then print the box and shipment labels.
3. Once sent, the shipment's status is read back from Amazon until the warehouse has received it.

If Amazon refuses a shipment or it must change, use *Rebuild shipment*. FBA orders are delivered by Amazon and listed under *FBA orders*.`,
  },
  {
    category: 'finance',
    slug: 'balance-recharge',
    title_zh: '账户余额、充值与冻结金额',
    title_en: 'Balance, top-ups and frozen amounts',
    body_zh: `- **充值**：在「财务 → 平台充值」选择金额，通过支付宝付款，到账后余额立即增加。
- **余额支付**：结算时使用余额，需要输入 6 位支付密码（在「个人资料」设置）。同一笔支付重复提交不会重复扣款。
- **冻结金额**：部分订单在处理期间会冻结相应金额，完成或取消后解冻，明细见「冻结记录」。
- 每一笔充值、支付、冻结、退款都记录在「消费记录」中。`,
    body_en: `- **Top up** under *Finance → Top up*: choose an amount and pay with Alipay; the balance rises as soon as the payment arrives.
- **Paying from the balance** at checkout asks for your 6-digit pay password (set it in *Profile*). Submitting the same payment twice never charges twice.
- **Frozen amounts**: some orders hold an amount while they are handled, released when they finish or are cancelled; see *Frozen amounts*.
- Every top-up, payment, hold and refund is listed under *Spending records*.`,
  },
  {
    category: 'finance',
    slug: 'bills-invoices',
    title_zh: '平台账单与发票',
    title_en: 'Platform bills and invoices',
    body_zh: `「财务 → 平台账单」按月汇总你在平台的采购、充值和退款，可按月导出用于对账。

需要发票时，请在账单页确认当月金额后联系平台客服，提供开票抬头和税号；发票按实际采购金额开具，充值本身不开票。`,
    body_en: `*Finance → Platform bills* sums up your purchases, top-ups and refunds per month, with a monthly export for reconciliation.

For an invoice, check the month's amount on the bill page and contact platform support with your company name and tax number; invoices are issued for purchases, not for top-ups.`,
  },
  {
    category: 'team',
    slug: 'staff-roles',
    title_zh: '员工、角色与店铺权限',
    title_en: 'Staff, roles and store access',
    body_zh: `主账号可以为团队成员开设员工账号：

1. 在「子账号 → 角色管理」新建角色，勾选该角色可以使用的菜单和按钮（例如只允许刊登，不允许支付）。
2. 在「员工管理」添加员工，选择角色，并指定可管理的店铺；员工只能看到这些店铺的商品和订单。
3. 员工的登录记录在「登录日志」，所有修改操作记录在「操作日志」。

支付密码和员工管理只有主账号可用。员工离职时停用其账号即可，历史操作记录会保留。`,
    body_en: `The boss account opens accounts for the team:

1. Under *Sub-accounts → Roles*, create a role and tick the menus and buttons it may use (e.g. publishing but not paying).
2. Under *Staff*, add a staff member with a role and the stores they manage; staff see only those stores' products and orders.
3. Their sign-ins are in the *Visit log*, every change they make in the *Audit log*.

The pay password and staff management are for the boss only. When someone leaves, disable their account: their history stays.`,
  },
];

/** Seeds the help center once: nothing happens when any category already exists. */
export async function seedHelpCenter(db: Executor): Promise<void> {
  const [any] = await db.select({ id: articleCategories.id }).from(articleCategories).limit(1);
  if (any) return;
  const ids = new Map<string, number>();
  for (const [sort, c] of CATEGORIES.entries()) {
    const [row] = await db
      .insert(articleCategories)
      .values({ nameZh: c.nameZh, nameEn: c.nameEn, sort })
      .returning({ id: articleCategories.id });
    ids.set(c.key, row!.id);
  }
  for (const [sort, { category, ...article }] of ARTICLES.entries()) {
    await insertArticle(db, {
      ...article,
      category_id: ids.get(category)!,
      published: true,
      sort,
    });
  }
}
