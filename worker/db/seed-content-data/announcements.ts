import type { SeedArticle } from "./types";

// Announcements (group 14): standing rules players should know about.
export const ANNOUNCEMENTS: SeedArticle[] = [
  {
    id: 1401,
    group: 14,
    sort: 0,
    title: { en: "Withdrawals are settled within 24 hours", chs: "提现 24 小时内到账", cht: "提現 24 小時內到帳", vi: "Rút tiền được chi trả trong vòng 24 giờ" },
    content: {
      en: `<p>We review withdrawal requests in the order they arrive and settle approved ones within 24 hours.</p>
<p>The requested amount is held from your balance while the request is open and returned in full if it is rejected. The daily limit is 50,000; the day runs from 00:00 to 24:00 UTC+8. Details: <a href="/help/2604">Deposits and withdrawals</a>.</p>`,
      chs: `<p>我们按提交顺序审核提现申请，审核通过后 24 小时内到账。</p>
<p>申请处理期间，所申请的金额会从余额中冻结；如被拒绝则全额退回。每日限额为 50,000，每日按 UTC+8 的 00:00 至 24:00 计算。详情见<a href="/help/2604">充值与提现</a>。</p>`,
      cht: `<p>我們按提交順序審核提現申請，審核通過後 24 小時內到帳。</p>
<p>申請處理期間，所申請的金額會從餘額中凍結；如被拒絕則全額退回。每日限額為 50,000，每日按 UTC+8 的 00:00 至 24:00 計算。詳情見<a href="/help/2604">充值與提現</a>。</p>`,
      vi: `<p>Chúng tôi xét duyệt yêu cầu rút tiền theo thứ tự nhận được và chi trả các yêu cầu đã duyệt trong vòng 24 giờ.</p>
<p>Số tiền yêu cầu được giữ lại từ số dư trong lúc chờ xử lý và được hoàn lại đầy đủ nếu bị từ chối. Hạn mức mỗi ngày là 50.000; một ngày tính từ 00:00 đến 24:00 UTC+8. Chi tiết: <a href="/help/2604">Nạp tiền và rút tiền</a>.</p>`,
    },
  },
  {
    id: 1402,
    group: 14,
    sort: 0,
    title: { en: "We never ask for your passwords", chs: "我们绝不会索要您的密码", cht: "我們絕不會索取您的密碼", vi: "Chúng tôi không bao giờ hỏi mật khẩu của bạn" },
    content: {
      en: `<p>Our staff never ask for your login password, your withdrawal password or an SMS verification code, in chat or anywhere else. Anyone who does is not us.</p>
<p>Use a password you use nowhere else. If you think someone knows it, change it in the <strong>Security centre</strong>: changing it signs out every other device.</p>`,
      chs: `<p>我们的工作人员绝不会在聊天或任何其他渠道索要您的登录密码、提现密码或短信验证码。凡是索要的，都不是我们。</p>
<p>请使用在其他地方没有用过的密码。如果怀疑密码已被他人知道，请在<strong>安全中心</strong>修改：修改后其他设备都会退出登录。</p>`,
      cht: `<p>我們的工作人員絕不會在聊天或任何其他管道索取您的登入密碼、提現密碼或簡訊驗證碼。凡是索取的，都不是我們。</p>
<p>請使用在其他地方沒有用過的密碼。如果懷疑密碼已被他人知道，請在<strong>安全中心</strong>修改：修改後其他裝置都會登出。</p>`,
      vi: `<p>Nhân viên của chúng tôi không bao giờ hỏi mật khẩu đăng nhập, mật khẩu rút tiền hay mã xác minh SMS của bạn, dù qua trò chuyện hay bất kỳ kênh nào khác. Ai hỏi những thông tin đó đều không phải chúng tôi.</p>
<p>Hãy dùng mật khẩu không dùng ở nơi nào khác. Nếu nghĩ rằng ai đó đã biết mật khẩu, hãy đổi nó trong <strong>Trung tâm bảo mật</strong>: khi đổi, mọi thiết bị khác sẽ bị đăng xuất.</p>`,
    },
  },
  {
    id: 1403,
    group: 14,
    sort: 0,
    title: { en: "Deposits start at 10", chs: "充值最低 10 起", cht: "充值最低 10 起", vi: "Nạp tiền từ 10 trở lên" },
    content: {
      en: `<p>A deposit starts at 10. Enter the name of the account you pay from exactly as your bank or wallet shows it, so that we can match the payment quickly.</p>
<p>Deposits are credited once approved, and each one appears in your <strong>Funds ledger</strong>.</p>`,
      chs: `<p>单笔充值最低 10。请按银行或钱包显示的名称准确填写付款账户姓名，以便我们快速核对款项。</p>
<p>充值审核通过后即到账，每一笔都会显示在您的<strong>资金明细</strong>中。</p>`,
      cht: `<p>單筆充值最低 10。請按銀行或錢包顯示的名稱準確填寫付款帳戶姓名，以便我們快速核對款項。</p>
<p>充值審核通過後即到帳，每一筆都會顯示在您的<strong>資金明細</strong>中。</p>`,
      vi: `<p>Mỗi lần nạp tối thiểu 10. Hãy nhập tên tài khoản chuyển tiền đúng như ngân hàng hoặc ví hiển thị, để chúng tôi đối chiếu khoản chuyển nhanh chóng.</p>
<p>Khoản nạp được cộng vào số dư khi được duyệt, và mỗi khoản đều hiện trong <strong>Sao kê</strong> của bạn.</p>`,
    },
  },
  {
    id: 1404,
    group: 14,
    sort: 0,
    title: { en: "Betting closes 60 seconds before each draw", chs: "每期开奖前 60 秒停止投注", cht: "每期開獎前 60 秒停止投注", vi: "Đóng cược 60 giây trước mỗi lần quay" },
    content: {
      en: `<p>In every room, orders and cancellations close 60 seconds before the draw, so that every bet is final before the result is computed. The countdown in the room shows how long is left; during the last minute new orders are refused until the next round opens.</p>`,
      chs: `<p>所有房间在开奖前 60 秒停止下单和撤单，确保在计算结果之前所有投注都已确定。房间内的倒计时显示剩余时间；最后一分钟内的新订单会被拒绝，直到下一期开始。</p>`,
      cht: `<p>所有房間在開獎前 60 秒停止下單和撤單，確保在計算結果之前所有投注都已確定。房間內的倒數計時顯示剩餘時間；最後一分鐘內的新訂單會被拒絕，直到下一期開始。</p>`,
      vi: `<p>Ở mọi phòng, việc đặt lệnh và hủy lệnh đóng 60 giây trước khi quay thưởng, để mọi lệnh cược đã cố định trước khi kết quả được tính. Đồng hồ đếm ngược trong phòng cho biết thời gian còn lại; trong phút cuối, lệnh mới bị từ chối cho đến khi kỳ tiếp theo mở.</p>`,
    },
  },
];
