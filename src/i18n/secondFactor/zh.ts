// The second factor's words in zh: the sign-in's codes and /user/second-factor.
export const secondFactorCodesZh = {
  SECOND_FACTOR_REQUIRED: '请输入身份验证器应用中的验证码，或您的一个恢复码。',
  SECOND_FACTOR_SETUP_REQUIRED: '您的组织要求两步登录。请先设置以继续。',
  SECOND_FACTOR_INVALID: '验证码不正确或已被使用。请尝试应用显示的下一个验证码。',
  SECOND_FACTOR_MANDATORY: '您的组织要求两步登录，因此无法关闭。',
};

export const secondFactorZh = {
  title: '两步登录',
  intro:
    '输入密码后，登录还会要求您手机上身份验证器应用（Google Authenticator、Microsoft Authenticator、1Password 或任何 TOTP 应用）中的验证码。',
  scan: '用身份验证器应用扫描此二维码，然后输入它显示的 6 位数字。',
  qr_label: '身份验证器应用的二维码',
  or_type: '或在应用中输入此密钥：',
  code: '验证码',
  code_help: '身份验证器应用显示的 6 位数字。',
  code_help_recovery: '身份验证器应用显示的 6 位数字，或一个恢复码。',
  recovery_intro: '您的恢复码。请妥善保存：如果丢失手机，每个恢复码可登录一次。它们只在此时显示。',
  required_by_organisation: '您的组织要求两步登录。请现在设置以继续。',
  required_by: '%{names} 要求两步登录：无法关闭。',
  turn_on: '开启',
  confirm: '确认并开启',
  is_on:
    '两步登录已开启。剩余 %{smart_count} 个恢复码 |||| 两步登录已开启。剩余 %{smart_count} 个恢复码',
  new_codes: '新的恢复码',
  turn_off: '关闭',
  done_enable: '两步登录已开启',
  done_codes: '已生成新的恢复码；旧的不再有效',
  done_disable: '两步登录已关闭',
  require_for: '要求 %{name} 的所有人使用两步登录',
};
