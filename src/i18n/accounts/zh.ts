// 中文（简体）：账户相关页面。
import type { accountsEn, userResourcesEn, usersEn } from './en.ts';
import type { Catalog } from '../catalog.ts';

const userFields = {
  name: '姓名',
  email: '电子邮件地址',
  firstName: '名',
  lastName: '姓',
  role: '角色',
  status: '状态',
  organisations: '组织',
  organisationName: '组织',
  lastLogin: '上次登录',
  language: '语言',
  timezone: '时区',
  reportCategories: '报告类别',
};

export const userResourcesZh: Catalog<typeof userResourcesEn> = {
  users: { name: '用户 |||| 用户', fields: userFields },
  'portal/users': { name: '客户用户 |||| 客户用户', fields: userFields },
};

export const usersZh: Catalog<typeof usersEn> = {
  customers_title: '客户的用户',
  roles: { internal: '内部员工', admin: '管理员', viewer: '查看者' },
  statuses: { active: '已激活', invited: '已邀请', 'invitation-expired': '邀请已过期' },
  report_categories: {
    utilisation: '利用率',
    fuel: '燃油',
    co2: '二氧化碳',
    activity: '活动与非工作时间',
    devices: '设备健康',
    billing: '租赁合同与计费',
  },
  invite: {
    open: '邀请用户',
    title: '邀请用户',
    many: '一次邀请客户的多名人员：每人都会通过电子邮件收到自己的链接。',
    emails: '电子邮件地址',
    emails_help: '用逗号分隔地址 |||| %{smart_count} 个地址 |||| %{smart_count} 个地址',
    invalid: '不是电子邮件地址：%{emails}',
    send: '发送邀请',
    sent: '邀请已发送 |||| 已发送 %{smart_count} 份邀请',
    no_customers: '目前没有客户组织向您租赁。',
  },
  reinvite: '重新发送邀请',
  reinvited: '新的邀请已发送至 %{email}；旧链接已失效。',
  read_only: '您只有只读权限：组织的管理员可以修改这些信息。',
};

export const accountsZh: Catalog<typeof accountsEn> = {
  new_password: '新密码',
  repeat_password: '再次输入密码',
  password_rule: '至少 %{min} 个字符；最好使用几个不常见的词。',
  passwords_differ: '两次输入的密码不一致。',
  back_to_sign_in: '返回登录',
  codes: {
    EXPIRED_CODE: '此重置链接已过期。请重新申请。',
    INVALID_CODE: '此重置链接无效或已被使用。请重新申请。',
    USER_DISABLED: '此账户已被停用。请联系您的管理员。',
    WEAK_PASSWORD:
      '此密码太容易被猜到。请至少使用 10 个字符：几个不常见的词，不要用姓名、日期或常见密码。',
    INVALID_TOKEN: '此链接无效。请确认您打开的是邮件中的完整链接。',
    EXPIRED: '此链接已过期。',
    ALREADY_ACCEPTED: '此邀请已被接受。',
    EMAIL_ALREADY_EXISTS: '已在组织中：',
    EMAIL_NOT_CONFIRMED: '登录前，请先通过我们发送的链接确认您的电子邮件地址。',
    REGISTRATION_CLOSED: '本门户不接受新的注册。请向您的租赁公司或管理员索取邀请。',
    LAST_ADMIN: '一个组织必须至少保留一名管理员。',
    NETWORK_ERROR: '我们无法连接到产品，请检查您的网络连接后重试。如果问题仍然存在，请联系支持人员',
    SERVER_ERROR: '出了点问题，请稍后重试。如果问题仍然存在，请联系支持人员',
    TOO_MANY_ATTEMPTS: '尝试次数过多。请等待几分钟后重试。',
  },
  forgot: {
    link: '忘记密码？',
    title: '重置密码',
    subtitle: '我们会通过电子邮件向您发送一个设置新密码的链接。',
    send: '发送链接',
    sent_title: '请查收电子邮件',
    sent: '如果 %{email} 有账户，重置密码的链接已在路上。链接在一小时内有效。',
    send_again: '重新发送',
    ask_again: '申请新链接',
  },
  reset: {
    title: '设置新密码',
    subtitle: '账户：%{email}',
    save: '保存新密码',
    done: '您的密码已更改，其他所有地方均已退出登录。请使用新密码登录。',
  },
  rsvp: {
    title: '您的邀请',
    invited: '%{who} 邀请您以 %{role} 身份加入 %{organisation}。',
    someone: '一位管理员',
    existing_account:
      '您已有使用此地址的账户：接受后会将此组织加入该账户。请使用您平时的密码登录。',
    accept: '接受邀请',
    accepted: '欢迎加入 %{organisation}。请登录开始使用。',
    INVALID_TOKEN: '此邀请链接无效。请确认您打开的是完整链接，或索取新的邀请。',
    EXPIRED: '此邀请已过期。请让邀请您的人重新发送。',
    ALREADY_ACCEPTED: '此邀请已被接受。请使用您的账户登录。',
    SERVER_ERROR: '打开邀请时出了点问题，请稍后重试。如果问题仍然存在，请联系支持人员',
    NETWORK_ERROR: '我们无法连接到产品，请检查您的网络连接后重试。',
  },
  register: {
    link: '注册组织',
    title: '注册您的组织',
    subtitle: '您将成为其第一位管理员；我们会通过电子邮件向您发送确认地址的链接。',
    organisation_name: '组织名称',
    organisation_type: '组织类型',
    types: {
      rental: '租赁公司',
      'rental-end-user': '同时租入设备的租赁公司',
      'end-user': '承包商或设备使用方',
    },
    types_help: {
      rental: '您向客户出租设备。',
      'rental-end-user': '您出租设备，也从其他租赁公司租入。',
      'end-user': '您使用自有设备或租入设备。',
    },
    submit: '注册',
    sent: '即将完成：我们已向 %{email} 发送了一个链接。请点击链接确认地址，然后登录。',
    confirm_title: '确认您的电子邮件地址',
    confirmed: '您的地址已确认。请登录开始使用。',
    INVALID_TOKEN: '此确认链接无效。',
    EXPIRED: '此确认链接已过期。请重新注册。',
    ALREADY_ACCEPTED: '此地址已确认。请登录。',
  },
  unsubscribe: {
    title: '退订',
    question: '不再接收车队门户的“%{kind}”邮件？',
    confirm: '退订',
    done: '%{email} 将不再收到“%{kind}”邮件。',
    INVALID_TOKEN: '此退订链接无效或已过期。',
  },
  email_types: {
    invitations: '邀请',
    'shared-locations': '共享位置',
    reports: '报告',
    alerts: '警报',
  },
  selection: {
    title: '前往哪里？',
    subtitle: '您属于多个组织。请选择一个；之后可以在用户菜单中切换。',
  },
};
