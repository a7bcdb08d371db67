// Staff's organisation settings in zh: /admin/orgs/settings.
export const organisationResourcesZh = {
  'admin/orgs/settings': {
    name: '组织 |||| 组织',
    fields: {
      name: '名称',
      type: '类型',
      timezone: '时区',
      users: '用户',
      machines: '机器',
      createdAt: '创建时间',
      machineName: '优先显示',
      routeMinSatellites: '路线点所需卫星数',
      hireStatuses: '计为已租出的租赁状态',
      mandatoryFields: '接入时的必填字段',
      materials: '材料',
      manufacturers: '制造商',
      dealerId: '经销商编号',
      offHoursStartDate: '非工作时间数据起始日',
      loginDomains: '登录主机名',
      q: '搜索',
    },
  },
};

export const orgSettingsZh = {
  navigation: '导航',
  modules: '模块',
  navigation_keys: {
    sites: '工地',
    routes: '路线',
    shifts: '班次',
    gateways: '网关',
    sensors: '传感器',
    equipment: '设备资产',
  },
  modules_keys: {
    fuel: '燃油',
    co2: '二氧化碳',
    billing: '计费',
    tips: '提示',
    workCycle: '工作循环',
    documents: '文档',
    npa: 'NPA',
    equipmentBreakdown: '设备故障',
    machineAdditionalInformation: '机器附加信息',
    operatorAvailability: '操作员可用性',
    geofences: '地理围栏',
    notifications: '通知',
    speed: '速度',
    active: '活跃',
  },
  features: '组织专属功能',
  features_keys: {
    routePositions: '在路线上显示每个定位点',
  },

  machine_name_first: '机器名称',
  asset_id_first: '资产编号',
  timezone_help: '计算其日期所用的时区。更改后将在后台重新计算所有机器的每一天。',
  login_domains_help: '登录页面使用本组织品牌的主机名（例如 fleet.example.com），用逗号分隔。',
  manufacturers_help: '除自有车队的品牌外另行提供的品牌；用逗号分隔。',
  saved: '已保存 %{name} 的设置：其成员在下一个页面即可看到。',
  hire_statuses_help: '门户自身的状态按名称显示；输入 ERP 发送的其他状态并按回车。',
  list_help: '用逗号分隔各项。',
  /** The onboarding field siteId; the others are named as on the onboarding screen. */
  site: '工地',
};

/** The organisation's own area: /organisation/… */
export const organisationAreaZh = {
  title: '组织',
  account_id: '账户 ID',
  account_id_help: '租赁公司凭此 ID 将机器出租给您。',
  tabs: {
    machines: '机器',
    users: '用户',
    sites: '工地',
    brand: '品牌',
    audit: '审计记录',
    integrations: '集成',
    privacy: '隐私',
  },
};
