package dev.loomlab.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.loomlab.view.Grid;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real browser: Debian's headless Chromium driven by Selenium through Debian's
 * chromedriver, both named explicitly so that Selenium Manager never looks for (or downloads)
 * anything. Two machines' results and one refused file are posted, the page is opened, a
 * third post and an upload through the page's form must appear without a reload, and the teacher's
 * removal through the page must take an entry away. With a room's
 * worth of results (100), no table is wider than 10 columns, an unchanged poll is a 304, and the
 * join code and QR code are on the page. The screenshots are kept in
 * {@code target/workshop-browser.png} and {@code target/workshop-browser-room.png}. Without Chromium the test fails on CI ({@code CI=true})
 * and is skipped elsewhere, saying what to install.
 */
class WorkshopBrowserTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;
    @TempDir
    Path profile;

    @BeforeAll
    static void chromiumIsInstalled() {
        if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
            return;
        }
        String message = "the browser test needs " + CHROMIUM + " and " + CHROMEDRIVER + ": apt-get install chromium chromium-driver";
        if ("true".equalsIgnoreCase(System.getenv("CI"))) {
            fail(message);
        }
        System.err.println("skipped: " + message);
        Assumptions.abort(message);
    }

    private ChromeDriver chromium() {
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort()
                .withLogOutput(java.io.OutputStream.nullOutputStream()).build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1400,2200", "--user-data-dir=" + profile);
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
        return driver;
    }

    @Test
    @SuppressWarnings("unchecked")
    void twoMachinesTheirPlotsAndARefusalShowAndAThirdPostAppearsWithoutAReload() throws Exception {
        try (WorkshopServer server = WorkshopFixtures.serve(dir)) {
            var client = WorkshopFixtures.Client.of(server);
            String code = JoinCode.inFolder(dir).toString();
            assertThat(client.post(code, "alice", WorkshopFixtures.results("laptop-a", 3, 1)).statusCode()).isEqualTo(201);
            assertThat(client.post(code, "bob", WorkshopFixtures.results("laptop-b", 1, 1.8)).statusCode()).isEqualTo(201);
            assertThat(client.post(code, "mallory", WorkshopFixtures.otherSchema("old-laptop")).statusCode()).isEqualTo(422);

            ChromeDriver driver = chromium();
            try {
                var wait = new WebDriverWait(driver, WAIT).ignoring(org.openqa.selenium.StaleElementReferenceException.class);
                driver.get("http://127.0.0.1:" + server.port() + "/");
                wait.until(d -> rowNames(d).contains("bob (laptop-b)"));

                assertThat(rowNames(driver))
                        .contains("alice (laptop-a)", "bob (laptop-b)", "BEAM published", "BEAM here (median)");
                List<WebElement> charts = driver.findElements(By.cssSelector("#experiments svg.chart"));
                assertThat(charts).as("one chart per experiment").hasSize(2);
                for (WebElement chart : charts) {
                    assertThat(chart.getSize().getWidth()).isPositive();
                    assertThat(chart.getSize().getHeight()).isPositive();
                    assertThat(chart.findElements(By.cssSelector("circle"))).as("a dot per machine and row").hasSizeGreaterThanOrEqualTo(2);
                }
                WebElement refusal = driver.findElement(By.cssSelector("#refusals .refused"));
                assertThat(refusal.isDisplayed()).isTrue();
                assertThat(refusal.getText()).contains("mallory", "schema version 999");
                assertThat((String) ((JavascriptExecutor) driver).executeScript("return document.getElementById('experiments').textContent"))
                        .contains("bob (laptop-b): cold run in spawn")
                        .as("the ring's figures, summarised over 3 VMs, carry their interval").contains("] over 3 VMs");
                assertThat(driver.findElements(By.cssSelector("#experiments td.cold"))).as("cold figures marked in the tables").isNotEmpty();
                List<Double> figures = List.of(0.0, 3.0, -7.0, 0.5, 0.01234, 1.56, 85.84, 99.96, 100.4, 2_374.6, 1_234_567.0, -0.25,
                        -1_500.7, 3.2e-8);
                assertThat((List<String>) ((JavascriptExecutor) driver).executeScript("return arguments[0].map(number)", figures))
                        .as("the page prints a figure as the tables do").containsExactlyElementsOf(figures.stream().map(Grid::print).toList());

                ((JavascriptExecutor) driver).executeScript("window.sameDocument = 'yes'");
                assertThat(client.post(code, "carol", WorkshopFixtures.results("laptop-c", 3, 0.7)).statusCode()).isEqualTo(201);
                wait.until(d -> rowNames(d).contains("carol (laptop-c)"));
                assertThat(((JavascriptExecutor) driver).executeScript("return window.sameDocument")).as("no reload").isEqualTo("yes");

                // the page's own upload form, as a participant without the CLI would use it
                Path upload = dir.resolve("upload/results.json");
                Files.createDirectories(upload.getParent());
                Files.writeString(upload, WorkshopFixtures.results("laptop-d", 3, 1.2));
                driver.findElement(By.id("file")).sendKeys(upload.toString());
                driver.findElement(By.id("name")).sendKeys("Dora Ž.");
                driver.findElement(By.id("code")).sendKeys(code.toLowerCase());
                driver.findElement(By.cssSelector("#upload button")).click();
                wait.until(d -> d.findElement(By.id("answer")).getText().startsWith("201"));
                wait.until(d -> rowNames(d).contains("Dora Ž. (laptop-d)"));
                screenshot(driver, "workshop-browser.png");

                // the teacher removes carol's entry through the page: the join code does not do it, the token does
                driver.findElement(By.cssSelector("#teacher summary")).click();
                var entry = new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("remove-entry")));
                entry.getOptions().stream().filter(o -> o.getText().startsWith("carol (laptop-c)")).findFirst().orElseThrow().click();
                driver.findElement(By.id("token")).sendKeys(code);
                driver.findElement(By.cssSelector("#remove button")).click();
                wait.until(d -> d.findElement(By.id("removed")).getText().startsWith("401"));
                driver.findElement(By.id("token")).clear();
                driver.findElement(By.id("token")).sendKeys(JoinCode.teacherToken(dir).toString());
                driver.findElement(By.cssSelector("#remove button")).click();
                wait.until(d -> d.findElement(By.id("removed")).getText().startsWith("200"));
                wait.until(d -> !rowNames(d).contains("carol (laptop-c)"));
                assertThat(rowNames(driver)).contains("alice (laptop-a)", "Dora Ž. (laptop-d)");
            } finally {
                driver.quit();
            }
        }
    }

    @Test
    void aRoomOfAHundredMachinesKeepsEveryTableNarrowAnUnchangedPollIsA304AndTheJoinCodeAndQrAreShown() throws Exception {
        WorkshopStore store = WorkshopStore.open(dir);
        String token = JoinCode.teacherToken(dir).toString();
        for (int i = 0; i < ROOM; i++) {
            Answer answer = store.accept(new Participant("participant " + i), WorkshopFixtures.results("laptop-" + i, i % 7 == 0 ? 1 : 3,
                    1 + (i % 13) / 10.0).getBytes(java.nio.charset.StandardCharsets.UTF_8), i == 0);
            assertThat(answer.accepted()).as(answer.text()).isTrue();
        }
        JoinCode code = JoinCode.inFolder(dir);
        try (WorkshopServer server = WorkshopServer.start(store, new Room(code, JoinCode.teacherToken(dir), "127.0.0.1", 5_000),
                java.net.InetAddress.getLoopbackAddress(), 0)) {
            ChromeDriver driver = chromium();
            try {
                var wait = new WebDriverWait(driver, WAIT).ignoring(org.openqa.selenium.StaleElementReferenceException.class);
                driver.get("http://127.0.0.1:" + server.port() + "/");
                wait.until(d -> d.findElements(By.cssSelector("#machines tbody tr")).size() == ROOM);
                JavascriptExecutor js = (JavascriptExecutor) driver;

                @SuppressWarnings("unchecked")
                List<Long> widths = (List<Long>) js.executeScript("return Array.from(document.querySelectorAll('table'))"
                        + ".map(t => Math.max(...Array.from(t.rows).map(r => r.cells.length)))");
                assertThat(widths).as("the machines table and one per experiment").hasSizeGreaterThanOrEqualTo(3);
                assertThat(widths).as("columns per table").allSatisfy(w -> assertThat(w).isLessThanOrEqualTo(10));
                assertThat(driver.findElements(By.cssSelector("#experiments svg.chart"))).hasSize(2);
                assertThat(driver.findElements(By.cssSelector("#experiments tr.teacher"))).as("the teacher's machine stands out").isNotEmpty();

                // filters and the highlighted participant
                new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("kind"))).selectByValue("virtual");
                assertThat(driver.findElements(By.cssSelector("#experiments th")).stream().map(WebElement::getText)
                        .filter(h -> h.startsWith("process"))).as("only virtual columns").isEmpty();
                new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("who"))).selectByVisibleText("participant 42 (laptop-42)");
                assertThat(driver.findElements(By.cssSelector("#experiments tr.selected"))).hasSize(2);

                assertThat(driver.findElement(By.id("join-code")).getText()).isEqualTo(code.toString());
                assertThat(driver.findElement(By.id("join-command")).getText())
                        .isEqualTo("./loomlab report --cap 5000 --send http://127.0.0.1:" + server.port() + " --code " + code + " --name YOUR_NAME");
                WebElement qr = driver.findElement(By.id("qr"));
                wait.until(d -> (Boolean) js.executeScript("return arguments[0].complete && arguments[0].naturalWidth > 0", qr));
                assertThat(qr.getSize().getWidth()).isPositive();
                assertThat(driver.getPageSource()).doesNotContain(token);

                wait.until(d -> "304".equals(js.executeScript("return document.body.dataset.lastPoll")));
                assertThat((String) js.executeScript("return document.body.dataset.polls")).as("the first poll took the data, later ones nothing")
                        .startsWith("1 changed, ");
                screenshot(driver, "workshop-browser-room.png");
            } finally {
                driver.quit();
            }
        }
    }

    static final int ROOM = 100;

    private static void screenshot(ChromeDriver driver, String name) throws java.io.IOException {
        File shot = driver.getScreenshotAs(OutputType.FILE);
        Path kept = Path.of(System.getProperty("basedir", "."), "target", name);
        Files.createDirectories(kept.getParent());
        Files.copy(shot.toPath(), kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        assertThat(Files.size(kept)).isPositive();
    }

    /** The first cell of every experiment table's row (the machine, or BEAM's reference), read in one script so that a redraw cannot interleave. */
    @SuppressWarnings("unchecked")
    private static List<String> rowNames(org.openqa.selenium.WebDriver driver) {
        return (List<String>) ((JavascriptExecutor) driver).executeScript(
                "return Array.from(document.querySelectorAll('#experiments tbody tr')).map(r => r.cells[0].textContent)");
    }
}
