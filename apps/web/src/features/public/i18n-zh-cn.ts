/** Marketing-page texts; loaded with the public layout. */
export const publicZhCN = {
  public: {
    nav: {
      label: '网站导航',
      home: '首页',
      products: '产品库',
      design: '设计工具',
      vip: '会员',
      advantage: '平台优势',
      aboutUs: '关于我们',
      help: '帮助中心',
    },
    footer: {
      tagline: '为跨境卖家打造的选品、设计、刊登与履约后台。',
      privacy: '隐私政策',
      rights: '保留所有权利。',
    },
    home: {
      title: '从选品到发货，一个后台就够了',
      subtitle:
        '共享产品库、在线设计、多平台刊登、订单与 FBA 发货统一管理，让跨境团队把时间花在生意上。',
      start: '免费开始',
      explore: '浏览产品库',
      features: [
        { title: '共享产品库', text: '白坯母版与成品集中管理，私有库与共享库分开保存。' },
        { title: '在线设计', text: '在母版上直接设计图案，生成可刊登的成品。' },
        { title: '多平台刊登', text: '向 Amazon、Shopify、Temu、Shopee 发布、下架与批量编辑。' },
        { title: '订单与物流', text: '同步各平台订单，处理拆单、物流、面单与报关信息。' },
        { title: 'FBA 与库存', text: '创建 FBA 货件，查看在途与库存状态。' },
        { title: '团队协作', text: '子账号、分组与权限，老板和员工各司其职。' },
      ],
    },
    products: {
      title: '产品库',
      subtitle:
        '平台维护的白坯母版，按分类、价格和关键词查找；登录后可一键加入私有成品库并开始设计。',
      from: '¥{{amount}} 起',
      total: '共 {{total}} 件产品',
      totalMore: '超过 {{total}} 件产品',
      empty: '没有符合条件的产品',
      emptyHint: '换个关键词或清除筛选条件试试',
      clearFilters: '清除筛选',
      loadFailed: '产品加载失败',
    },
    design: {
      title: '设计工具',
      subtitle: '在母版上放置图案与文字，实时预览效果，保存为可刊登的成品。',
      steps: [
        { title: '选择母版', text: '从母版库中挑选要设计的商品与颜色。' },
        { title: '上传素材', text: '使用素材库中的图片，或上传自己的设计稿。' },
        { title: '保存成品', text: '生成成品图与 SKU，进入私有成品库。' },
      ],
      cta: '登录后开始设计',
    },
    vip: {
      title: '会员等级',
      subtitle: '会员等级决定你享受的平台服务与额度，可在后台使用账户余额购买。',
      items: [
        { title: '更高额度', text: '更多的店铺授权、刊登与图片处理额度。' },
        { title: '履约优惠', text: '等级越高，平台代发履约的价格越优惠。' },
        { title: '优先支持', text: '高等级会员的问题优先处理。' },
      ],
      note: '等级用账户余额购买，到期前续费会从原到期日顺延。',
      levels: {
        title: '选择会员等级',
        loadFailed: '会员等级暂时无法加载，请稍后再试。',
        current: '当前等级',
        per: '/ {{days}} 天',
        free: '免费',
        discount: '平台采购 {{percent}}% 折扣',
        noDiscount: '平台采购原价',
        buy: '购买',
        recharge: '余额不足？去充值',
        renew: '续费',
        blocked: { free: '注册即享', lower: '你的当前等级更高' },
        payFor: '{{level}}，{{days}} 天',
        bought: '已开通{{level}}',
        boughtDetail: '你现在是{{level}}，有效期至 {{date}}；账户余额 ¥{{balance}}。',
      },
    },
    advantage: {
      title: '平台优势',
      subtitle: '为跨境团队的日常工作而设计。',
      items: [
        { title: '一处管理多平台', text: '不再在多个卖家后台之间来回切换。' },
        { title: '按需生产', text: '成品下单后再生产，减少库存压力。' },
        { title: '数据隔离', text: '每个卖家的数据相互隔离，员工只能看到被授权的内容。' },
        { title: '安全可靠', text: '密码加盐哈希存储，登录与验证码均有频率限制。' },
      ],
    },
    about: {
      title: '关于我们',
      paragraphs: [
        '我们是一支服务跨境电商卖家的团队，长期关注按需生产与多平台运营。',
        '这个后台把选品、设计、刊登、订单与履约串成一条线，帮助小团队以更低的成本做全球生意。',
        '如有合作或建议，欢迎通过帮助中心与我们联系。',
      ],
    },
    help: {
      title: '帮助中心',
      subtitle: '常见问题',
      faqs: [
        {
          q: '如何注册账号？',
          a: '在注册页选择邮箱或手机号注册，填写信息并完成验证即可，注册成功后会自动登录。',
        },
        {
          q: '忘记密码怎么办？',
          a: '在登录页点击“忘记密码”，通过绑定的手机号接收验证码后设置新密码。',
        },
        {
          q: '如何绑定或更换手机号？',
          a: '登录后进入“个人资料 → 绑定手机”，输入新手机号并填写短信验证码。',
        },
        {
          q: '支付密码有什么用？',
          a: '支付密码用于余额支付等资金操作，可在“个人资料 → 支付密码”中设置。',
        },
        {
          q: '为什么我看不到某些菜单？',
          a: '菜单由账号权限决定。员工账号请联系主账号为你分配权限。',
        },
      ],
    },
    privacy: {
      title: '隐私政策',
      updated: '本政策说明我们如何收集、使用和保护你的信息。',
      sections: [
        {
          title: '我们收集的信息',
          text: '注册与登录所需的昵称、邮箱、手机号；你授权的店铺信息；以及为安全目的记录的登录日志（时间与 IP）。',
        },
        {
          title: '信息的使用',
          text: '仅用于提供和改进服务、保障账户安全、发送你请求的验证码与通知。我们不会出售你的个人信息。',
        },
        {
          title: '存储与安全',
          text: '密码以加盐哈希形式保存，登录凭证只保存摘要；所有数据按卖家隔离。',
        },
        {
          title: 'Cookie 与本地存储',
          text: '我们在浏览器中保存登录凭证与界面偏好（如语言），退出登录时会清除登录凭证。',
        },
        { title: '你的权利', text: '你可以随时在个人资料中查看和修改信息，或联系我们注销账号。' },
      ],
    },
    productDetail: {
      back: '返回产品库',
      notFound: '产品不存在',
      notFoundHint: '产品可能已下架，或者链接有误。',
      missingId: '链接中没有产品编号',
      loadFailed: '产品加载失败',
      from: '¥{{amount}} 起',
      colors: '颜色',
      sizes: '尺码',
      design: '开始设计',
      addToLibrary: '加入私有成品库',
      favourite: '收藏',
      loginHint: '登录后可加入私有成品库、收藏和设计',
    },
  },
};
