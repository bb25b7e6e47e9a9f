import { AGREEMENT_ARTICLE_ID } from "#shared/content/article-ids";
import type { SeedArticle } from "./types";

// The user agreement (group 26). Operators can edit it like any article; this is its seed text.
export const AGREEMENT: SeedArticle[] = [
  {
    id: AGREEMENT_ARTICLE_ID,
    group: 26,
    sort: 7,
    title: { en: "User agreement", chs: "用户协议", cht: "用戶協議", vi: "Thỏa thuận người dùng" },
    content: {
      en: `<h3>Who may play</h3>
<p>You must be 18 or older and allowed to take part in games of chance where you live. One person keeps one account; the details you give at registration must be your own.</p>
<h3>Your account</h3>
<ul><li>Keep your login and withdrawal passwords to yourself. Everything done with them counts as done by you.</li>
<li>We may freeze an account that is used by someone else, opened twice or used to cheat, and we tell you why.</li></ul>
<h3>Rounds and bets</h3>
<ul><li>A bet counts once it is accepted before betting closes; each round's result can be checked on the <strong>Fairness</strong> page.</li>
<li>Odds, minimum orders and room requirements are shown before you bet and apply to the whole round.</li></ul>
<h3>Money</h3>
<ul><li>Deposits are credited and withdrawals paid after our team approves them; every movement appears in your <strong>Funds ledger</strong>.</li>
<li>A rejected withdrawal returns to your balance in full.</li></ul>
<h3>Playing safely</h3>
<p>You can set deposit, loss and stake limits, take a time-out or exclude yourself under <strong>Play limits</strong>. An exclusion cannot be lifted early, by you or by us.</p>`,
      chs: `<h3>参与资格</h3>
<p>您必须年满 18 周岁，且所在地法律允许您参与机会类游戏。每人只可持有一个账户；注册时填写的资料必须是您本人的。</p>
<h3>您的账户</h3>
<ul><li>请妥善保管登录密码和提现密码，使用它们进行的一切操作均视为您本人所为。</li>
<li>账户被他人使用、重复开户或用于作弊时，我们可以冻结该账户，并告知原因。</li></ul>
<h3>期数与下注</h3>
<ul><li>在停止下注前被接受的下注即为有效；每期结果都可在<strong>公平性</strong>页面核验。</li>
<li>赔率、最低下单金额和房间要求会在下注前显示，并适用于整期。</li></ul>
<h3>资金</h3>
<ul><li>充值经我们的团队批准后入账，提现经批准后出款；每一笔变动都会显示在<strong>资金明细</strong>中。</li>
<li>被拒绝的提现将全额退回您的余额。</li></ul>
<h3>安全娱乐</h3>
<p>您可以在<strong>游戏限额</strong>中设置充值、亏损和下注限额，暂停游戏或自我排除。自我排除不能提前解除，您和我们都不能。</p>`,
      cht: `<h3>參與資格</h3>
<p>您必須年滿 18 歲，且所在地法律允許您參與機會類遊戲。每人只可持有一個帳戶；註冊時填寫的資料必須是您本人的。</p>
<h3>您的帳戶</h3>
<ul><li>請妥善保管登入密碼和提現密碼，使用它們進行的一切操作均視為您本人所為。</li>
<li>帳戶被他人使用、重複開戶或用於作弊時，我們可以凍結該帳戶，並告知原因。</li></ul>
<h3>期數與下注</h3>
<ul><li>在停止下注前被接受的下注即為有效；每期結果都可在<strong>公平性</strong>頁面核驗。</li>
<li>賠率、最低下單金額和房間要求會在下注前顯示，並適用於整期。</li></ul>
<h3>資金</h3>
<ul><li>充值經我們的團隊批准後入帳，提現經批准後出款；每一筆變動都會顯示在<strong>資金明細</strong>中。</li>
<li>被拒絕的提現將全額退回您的餘額。</li></ul>
<h3>安全娛樂</h3>
<p>您可以在<strong>遊戲限額</strong>中設定充值、虧損和下注限額，暫停遊戲或自我排除。自我排除不能提前解除，您和我們都不能。</p>`,
      vi: `<h3>Ai được tham gia</h3>
<p>Bạn phải đủ 18 tuổi trở lên và được pháp luật nơi bạn sống cho phép tham gia trò chơi may rủi. Mỗi người chỉ giữ một tài khoản; thông tin khi đăng ký phải là của chính bạn.</p>
<h3>Tài khoản của bạn</h3>
<ul><li>Hãy giữ kín mật khẩu đăng nhập và mật khẩu rút tiền. Mọi thao tác bằng chúng đều được coi là do bạn thực hiện.</li>
<li>Chúng tôi có thể đóng băng tài khoản bị người khác sử dụng, mở trùng hoặc dùng để gian lận, và sẽ cho bạn biết lý do.</li></ul>
<h3>Kỳ và cược</h3>
<ul><li>Một cược có hiệu lực khi được chấp nhận trước lúc ngừng đặt cược; kết quả mỗi kỳ có thể kiểm tra trên trang <strong>Công bằng</strong>.</li>
<li>Tỷ lệ cược, mức đặt tối thiểu và điều kiện phòng được hiển thị trước khi cược và áp dụng cho cả kỳ.</li></ul>
<h3>Tiền</h3>
<ul><li>Tiền nạp được cộng và tiền rút được chi sau khi đội ngũ của chúng tôi duyệt; mọi biến động đều có trong <strong>Sổ quỹ</strong>.</li>
<li>Lệnh rút bị từ chối được hoàn trả đầy đủ vào số dư.</li></ul>
<h3>Chơi an toàn</h3>
<p>Bạn có thể đặt hạn mức nạp, thua và cược, tạm nghỉ hoặc tự loại trừ trong <strong>Giới hạn chơi</strong>. Việc tự loại trừ không thể gỡ sớm, kể cả bởi bạn hay chúng tôi.</p>`,
    },
  },
];
