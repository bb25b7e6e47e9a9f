import type { SeedArticle } from "./types";

// Announcements (group 14): standing rules players should know about.
export const ANNOUNCEMENTS: SeedArticle[] = [
  {
    id: 1401,
    group: 14,
    sort: 0,
    title: {
      en: "How withdrawals are handled",
      chs: "提现如何处理",
      cht: "提現如何處理",
      vi: "Yêu cầu rút tiền được xử lý thế nào",
    },
    content: {
      en: `<p>We review withdrawal requests in the order they arrive; a request stays pending until it is approved or rejected.</p>
<p>The requested amount is held from your balance while the request is open and returned in full if it is rejected. The daily limit is shown on the withdrawal screen; the day runs from 00:00 to 24:00 UTC+8. Details: <a href="/help/2604">Deposits and withdrawals</a>.</p>`,
      chs: `<p>我们按提交顺序审核提现申请；申请在批准或拒绝之前保持待处理状态。</p>
<p>申请处理期间，所申请的金额会从余额中冻结；如被拒绝则全额退回。每日限额显示在提现页面上，每日按 UTC+8 的 00:00 至 24:00 计算。详情见<a href="/help/2604">充值与提现</a>。</p>`,
      cht: `<p>我們按提交順序審核提現申請；申請在批准或拒絕之前保持待處理狀態。</p>
<p>申請處理期間，所申請的金額會從餘額中凍結；如被拒絕則全額退回。每日限額顯示在提現頁面上，每日按 UTC+8 的 00:00 至 24:00 計算。詳情見<a href="/help/2604">充值與提現</a>。</p>`,
      vi: `<p>Chúng tôi xét duyệt yêu cầu rút tiền theo thứ tự nhận được; yêu cầu ở trạng thái chờ cho đến khi được duyệt hoặc bị từ chối.</p>
<p>Số tiền yêu cầu được giữ lại từ số dư trong lúc chờ xử lý và được hoàn lại đầy đủ nếu bị từ chối. Hạn mức mỗi ngày hiển thị trên màn hình rút tiền; một ngày tính từ 00:00 đến 24:00 UTC+8. Chi tiết: <a href="/help/2604">Nạp tiền và rút tiền</a>.</p>`,
    },
  },
  {
    id: 1402,
    group: 14,
    sort: 0,
    title: {
      en: "We never ask for your passwords",
      chs: "我们绝不会索要您的密码",
      cht: "我們絕不會索取您的密碼",
      vi: "Chúng tôi không bao giờ hỏi mật khẩu của bạn",
    },
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
    title: {
      en: "Betting closes before each draw",
      chs: "每期开奖前停止投注",
      cht: "每期開獎前停止投注",
      vi: "Đóng cược trước mỗi lần quay",
    },
    content: {
      en: `<p>In every room, orders and cancellations close a set number of seconds before the draw, so that every bet is final before the result is computed. Each room sets how many; its <strong>Rules</strong> page says so and the countdown in the room shows how long is left. Once betting has closed, new orders are refused until the next round opens.</p>`,
      chs: `<p>所有房间在开奖前若干秒停止下单和撤单，确保在计算结果之前所有投注都已确定。具体秒数由各房间设定，见房间的<strong>规则</strong>页；房间内的倒计时显示剩余时间。停止投注后，新订单会被拒绝，直到下一期开始。</p>`,
      cht: `<p>所有房間在開獎前若干秒停止下單和撤單，確保在計算結果之前所有投注都已確定。具體秒數由各房間設定，見房間的<strong>規則</strong>頁；房間內的倒數計時顯示剩餘時間。停止投注後，新訂單會被拒絕，直到下一期開始。</p>`,
      vi: `<p>Ở mọi phòng, việc đặt lệnh và hủy lệnh đóng một số giây nhất định trước khi quay thưởng, để mọi lệnh cược đã cố định trước khi kết quả được tính. Mỗi phòng tự đặt số giây này; trang <strong>Luật</strong> của phòng cho biết, và đồng hồ đếm ngược trong phòng cho biết thời gian còn lại. Khi đã đóng cược, lệnh mới bị từ chối cho đến khi kỳ tiếp theo mở.</p>`,
    },
  },
];
