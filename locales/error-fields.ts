// Which form field each refusal of the API belongs to, per form: the codes are those of the error
// catalogue beside this file (locales/*/errors.json); a page shows the catalogue's message under the
// field named here (app/lib/form.server.ts formFailure), or above the form when no field is named.

export const FIELD_OF_ERROR = {
  /** The login form (app/routes/login.tsx). */
  login: { 1002: "username", 1010: "username", 1003: "password", 1011: "password" },
  /** The sign-up form (app/routes/register.tsx). */
  register: {
    1010: "username",
    1013: "username",
    2050: "phone",
    2052: "phone",
    2051: "captcha",
    2053: "captcha",
    2054: "captcha",
    1163: "captcha",
    1011: "password",
    1015: "password",
    1012: "spassword",
    1063: "invitation",
    1161: "invitation",
    1058: "payPwd",
    1066: "agree",
    2065: "captcha",
    2066: "captcha",
    3007: "adult",
  },
  /** A forgotten password (app/routes/forgot-password.tsx). */
  forgotPassword: {
    1010: "username",
    1190: "username",
    2050: "phone",
    2051: "captcha",
    2053: "captcha",
    2054: "captcha",
    2065: "captcha",
    1163: "captcha",
    1011: "npasswd",
    1015: "npasswd",
    1012: "npasswd2",
  },
  /** Changing the login password (app/routes/userloginpassword.tsx). */
  loginPassword: { 1059: "passwd", 1011: "npasswd", 1015: "npasswd", 1061: "npasswd", 1012: "npasswd2" },
  /** Changing the payment password (app/routes/usercipherpassword.tsx). */
  payPassword: { 2057: "srcpwd", 1059: "srcpwd", 1033: "srcpwd", 1058: "newpwd", 1012: "newpwd2" },
  /** A deposit request (app/routes/recharge.($back).tsx). */
  deposit: {
    1050: "money",
    1114: "money",
    1070: "money",
    1230: "money",
    1071: "pay_name",
    3001: "money",
    1182: "payee",
    1183: "payee",
    1184: "pay_ref",
    1185: "pay_ref",
  },
  /** A withdrawal request (app/routes/withdraw.tsx). */
  withdrawal: {
    2058: "bank_id",
    1032: "bank_id",
    2057: "pwd",
    1033: "pwd",
    1080: "pwd",
    1081: "pwd",
    1050: "money",
    1114: "money",
    1042: "money",
    1025: "money",
    1067: "money",
  },
  /** Adding a bank card (app/routes/bankadd.tsx). */
  bankCard: {
    1082: "bank",
    1083: "account",
    1046: "account",
    1084: "username",
    1085: "area",
    2057: "payPwd",
    1033: "payPwd",
    1080: "payPwd",
    1081: "payPwd",
  },
  /** Adding a coin address (app/routes/bankadd.tsx). */
  coinAddress: {
    1065: "address",
    1162: "address",
    1046: "address",
    1195: "network",
    1196: "address",
    1197: "address",
    2057: "payPwd",
    1033: "payPwd",
    1080: "payPwd",
    1081: "payPwd",
  },
  /** A finance transfer-in (app/routes/producttransferin.tsx). */
  transferIn: {
    1113: "money",
    1114: "money",
    1050: "money",
    1042: "money",
    1110: "money",
    1111: "money",
    1112: "money",
    1025: "money",
    2057: "pwd",
    1033: "pwd",
    1080: "pwd",
    1081: "pwd",
  },
  /** Limits, reality check and breaks (app/routes/user_.limits.tsx). */
  limits: { 1050: "money", 1033: "pwd", 2057: "pwd", 1080: "pwd", 1081: "pwd" },
  /** An order in a game room (app/lib/game.server.ts). */
  order: { 1024: "amount", 1025: "amount", 1030: "option", 1031: "option", 3002: "amount", 3003: "amount" },
} satisfies Record<string, Record<number, string>>;
