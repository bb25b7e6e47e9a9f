import type { SeedArticle } from "./types";

// Help and introduction (group 26), part 2: money, rooms and levels, responsible play.
export const HELP_ACCOUNT: SeedArticle[] = [
  {
    id: 2604,
    group: 26,
    sort: 4,
    title: { en: "Deposits and withdrawals", chs: "充值与提现", cht: "充值與提現", vi: "Nạp tiền và rút tiền" },
    content: {
      en: `<h3>Deposits</h3>
<p>Open <strong>Recharge</strong>, enter the amount (at least the minimum shown on the screen) and the name of the account you pay from, and send the request. Our team checks the payment and your balance is credited as soon as the deposit is approved. Contact support if you need the payment details.</p>
<h3>Withdrawals</h3>
<ul><li>First add a bank account or a wallet address and set a withdrawal password in the <strong>Security centre</strong>.</li>
<li>Enter the amount and your withdrawal password. The amount leaves your balance at once and is held while the request is reviewed.</li>
<li>An operator reviews every request; it stays pending until it is approved or rejected. If a request is rejected, the held amount returns to your balance in full.</li>
<li>Withdrawals have a daily limit, shown on the withdrawal screen; the day starts at 00:00 UTC+8.</li></ul>
<p>Every deposit, hold, payout and refund appears in your <strong>Funds ledger</strong>.</p>`,
      chs: `<h3>充值</h3>
<p>打开<strong>充值</strong>页面，输入金额（不低于页面显示的最低金额）和付款账户的姓名，然后提交申请。我们的团队核对款项后，充值一经批准即计入您的余额。如需付款信息，请联系客服。</p>
<h3>提现</h3>
<ul><li>请先添加银行账户或钱包地址，并在<strong>安全中心</strong>设置提现密码。</li>
<li>输入金额和提现密码。该金额会立即从余额中扣出，在审核期间冻结。</li>
<li>每笔申请都由工作人员审核，在批准或拒绝之前保持待处理状态。如申请被拒绝，冻结的金额将全额退回您的余额。</li>
<li>提现设有每日限额，显示在提现页面上，每日从 UTC+8 的 00:00 起算。</li></ul>
<p>每一笔充值、冻结、出款和退款都会显示在您的<strong>资金明细</strong>中。</p>`,
      cht: `<h3>充值</h3>
<p>打開<strong>充值</strong>頁面，輸入金額（不低於頁面顯示的最低金額）和付款帳戶的姓名，然後提交申請。我們的團隊核對款項後，充值一經批准即計入您的餘額。如需付款資訊，請聯絡客服。</p>
<h3>提現</h3>
<ul><li>請先新增銀行帳戶或錢包地址，並在<strong>安全中心</strong>設定提現密碼。</li>
<li>輸入金額和提現密碼。該金額會立即從餘額中扣出，在審核期間凍結。</li>
<li>每筆申請都由工作人員審核，在批准或拒絕之前保持待處理狀態。如申請被拒絕，凍結的金額將全額退回您的餘額。</li>
<li>提現設有每日限額，顯示在提現頁面上，每日從 UTC+8 的 00:00 起算。</li></ul>
<p>每一筆充值、凍結、出款和退款都會顯示在您的<strong>資金明細</strong>中。</p>`,
      vi: `<h3>Nạp tiền</h3>
<p>Mở <strong>Nạp tiền</strong>, nhập số tiền (không thấp hơn mức tối thiểu hiển thị trên màn hình) và tên tài khoản bạn dùng để chuyển, rồi gửi yêu cầu. Đội ngũ của chúng tôi kiểm tra khoản chuyển và số dư được cộng ngay khi yêu cầu được duyệt. Hãy liên hệ hỗ trợ nếu bạn cần thông tin thanh toán.</p>
<h3>Rút tiền</h3>
<ul><li>Trước tiên hãy thêm tài khoản ngân hàng hoặc địa chỉ ví và đặt mật khẩu rút tiền trong <strong>Trung tâm bảo mật</strong>.</li>
<li>Nhập số tiền và mật khẩu rút tiền. Số tiền được trừ khỏi số dư ngay và được giữ lại trong lúc yêu cầu được xét duyệt.</li>
<li>Nhân viên xét duyệt từng yêu cầu; yêu cầu ở trạng thái chờ cho đến khi được duyệt hoặc bị từ chối. Nếu yêu cầu bị từ chối, số tiền bị giữ được hoàn lại đầy đủ vào số dư.</li>
<li>Rút tiền có hạn mức mỗi ngày, hiển thị trên màn hình rút tiền; một ngày bắt đầu lúc 00:00 UTC+8.</li></ul>
<p>Mọi khoản nạp, giữ tiền, chi trả và hoàn tiền đều hiện trong <strong>Sao kê</strong> của bạn.</p>`,
    },
  },
  {
    id: 2605,
    group: 26,
    sort: 5,
    title: { en: "Rooms and VIP levels", chs: "房间与 VIP 等级", cht: "房間與 VIP 等級", vi: "Phòng và cấp VIP" },
    content: {
      en: `<p>Every game has rooms in three currency tabs (USDT, BTC, ETH) and four kinds. All rooms of a game share its rules; only the entry requirements differ.</p>
<table><thead><tr><th>Room</th><th>Balance to enter</th><th>Level needed</th></tr></thead>
<tbody><tr><td>Standard</td><td>none</td><td>Bronze</td></tr><tr><td>VIP</td><td>1,000</td><td>Silver</td></tr><tr><td>Superior</td><td>10,000</td><td>Platinum</td></tr><tr><td>Premier</td><td>50,000</td><td>Master</td></tr></tbody></table>
<p>Your VIP level grows with your turnover, the total of your stakes that were played out (cancelled and refunded orders do not count): Bronze from the start, then Silver at 1,000, Gold 5,000, Platinum 20,000, Diamond 50,000, Master 100,000, King 500,000 and Supreme 1,000,000. A level, once reached, is never taken away.</p>`,
      chs: `<p>每款游戏在三个币种标签（USDT、BTC、ETH）下都有四类房间。同一游戏的所有房间规则相同，只是进入条件不同。</p>
<table><thead><tr><th>房间</th><th>进入所需余额</th><th>所需等级</th></tr></thead>
<tbody><tr><td>标准</td><td>无</td><td>青铜</td></tr><tr><td>VIP</td><td>1,000</td><td>白银</td></tr><tr><td>高级</td><td>10,000</td><td>铂金</td></tr><tr><td>尊享</td><td>50,000</td><td>大师</td></tr></tbody></table>
<p>VIP 等级随流水提升，流水为已完成开奖的投注总额（撤单和退款不计入）：注册即为青铜，之后白银 1,000、黄金 5,000、铂金 20,000、钻石 50,000、大师 100,000、王者 500,000、至尊 1,000,000。等级一旦达到便不会降低。</p>`,
      cht: `<p>每款遊戲在三個幣種標籤（USDT、BTC、ETH）下都有四類房間。同一遊戲的所有房間規則相同，只是進入條件不同。</p>
<table><thead><tr><th>房間</th><th>進入所需餘額</th><th>所需等級</th></tr></thead>
<tbody><tr><td>標準</td><td>無</td><td>青銅</td></tr><tr><td>VIP</td><td>1,000</td><td>白銀</td></tr><tr><td>高級</td><td>10,000</td><td>鉑金</td></tr><tr><td>尊享</td><td>50,000</td><td>大師</td></tr></tbody></table>
<p>VIP 等級隨流水提升，流水為已完成開獎的投注總額（撤單和退款不計入）：註冊即為青銅，之後白銀 1,000、黃金 5,000、鉑金 20,000、鑽石 50,000、大師 100,000、王者 500,000、至尊 1,000,000。等級一旦達到便不會降低。</p>`,
      vi: `<p>Mỗi trò chơi có phòng ở ba thẻ tiền tệ (USDT, BTC, ETH) và bốn loại phòng. Mọi phòng của một trò chơi có cùng luật; chỉ điều kiện vào phòng khác nhau.</p>
<table><thead><tr><th>Phòng</th><th>Số dư để vào</th><th>Cấp cần có</th></tr></thead>
<tbody><tr><td>Tiêu chuẩn</td><td>không</td><td>Đồng</td></tr><tr><td>VIP</td><td>1.000</td><td>Bạc</td></tr><tr><td>Cao cấp</td><td>10.000</td><td>Bạch kim</td></tr><tr><td>Thượng hạng</td><td>50.000</td><td>Cao thủ</td></tr></tbody></table>
<p>Cấp VIP tăng theo doanh số cược, tức tổng tiền cược đã được quay thưởng (lệnh hủy và hoàn tiền không tính): Đồng khi bắt đầu, sau đó Bạc ở 1.000, Vàng 5.000, Bạch kim 20.000, Kim cương 50.000, Cao thủ 100.000, Vua 500.000 và Tối thượng 1.000.000. Cấp đã đạt sẽ không bao giờ bị hạ.</p>`,
    },
  },
  {
    id: 2606,
    group: 26,
    sort: 6,
    title: { en: "Responsible play", chs: "理性娱乐", cht: "理性娛樂", vi: "Chơi có trách nhiệm" },
    content: {
      en: `<p>Rounds are quick and every result is random: no pattern, system or streak changes the chances of the next draw. Play for entertainment, only with money you can afford to lose.</p>
<ul><li>Decide on a budget before you start and stop when it is spent.</li>
<li>Set yourself a time limit and take regular breaks.</li>
<li>Never chase losses by raising your stakes.</li>
<li>Do not play when you are upset, tired or under the influence.</li>
<li>Check your <strong>Funds ledger</strong> now and then: it shows every stake and every win.</li></ul>
<p>If playing stops being fun, contact support: we can freeze your account on request. You must be an adult under the laws of your country to play.</p>`,
      chs: `<p>每期节奏很快，每个结果都是随机的：任何规律、方法或连胜连败都不会改变下一期的概率。请把游戏当作娱乐，只使用您输得起的钱。</p>
<ul><li>开始前先定好预算，用完就停止。</li>
<li>给自己设定时间限制，并定时休息。</li>
<li>不要为了追回损失而加大投注。</li>
<li>情绪低落、疲惫或饮酒后请不要游戏。</li>
<li>经常查看<strong>资金明细</strong>：每一笔投注和派奖都记录在内。</li></ul>
<p>如果游戏不再让您感到轻松愉快，请联系客服，我们可以应您的要求冻结账户。您必须是所在国家法律规定的成年人才能参与。</p>`,
      cht: `<p>每期節奏很快，每個結果都是隨機的：任何規律、方法或連勝連敗都不會改變下一期的機率。請把遊戲當作娛樂，只使用您輸得起的錢。</p>
<ul><li>開始前先訂好預算，用完就停止。</li>
<li>給自己設定時間限制，並定時休息。</li>
<li>不要為了追回損失而加大投注。</li>
<li>情緒低落、疲憊或飲酒後請不要遊戲。</li>
<li>經常查看<strong>資金明細</strong>：每一筆投注和派獎都記錄在內。</li></ul>
<p>如果遊戲不再讓您感到輕鬆愉快，請聯絡客服，我們可以應您的要求凍結帳戶。您必須是所在國家法律規定的成年人才能參與。</p>`,
      vi: `<p>Các kỳ diễn ra nhanh và mọi kết quả đều ngẫu nhiên: không quy luật, hệ thống hay chuỗi thắng thua nào thay đổi cơ hội của lần quay tiếp theo. Hãy chơi để giải trí, chỉ với số tiền bạn có thể chấp nhận mất.</p>
<ul><li>Đặt ngân sách trước khi bắt đầu và dừng lại khi đã dùng hết.</li>
<li>Tự đặt giới hạn thời gian và nghỉ ngơi thường xuyên.</li>
<li>Đừng bao giờ tăng tiền cược để gỡ lại khoản đã thua.</li>
<li>Đừng chơi khi đang buồn bực, mệt mỏi hoặc đã uống rượu bia.</li>
<li>Thỉnh thoảng xem <strong>Sao kê</strong>: mọi khoản cược và tiền thắng đều được ghi lại.</li></ul>
<p>Nếu việc chơi không còn vui, hãy liên hệ hỗ trợ: chúng tôi có thể khóa tài khoản của bạn theo yêu cầu. Bạn phải là người thành niên theo luật của quốc gia mình để tham gia.</p>`,
    },
  },
];
