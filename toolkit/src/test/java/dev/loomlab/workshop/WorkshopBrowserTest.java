package dev.loomlab.workshop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

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
 * third post and an upload through the page's form must appear without a reload. The screenshot is kept in
 * {@code target/workshop-browser.png}. Without Chromium the test fails on CI ({@code CI=true})
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
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1400,2200", "--user-data-dir=" + profile);
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
        return driver;
    }

    @Test
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
                wait.until(d -> headers(d).contains("bob (laptop-b)"));

                assertThat(headers(driver))
                        .contains("alice (laptop-a)", "bob (laptop-b)", "BEAM published");
                List<WebElement> charts = driver.findElements(By.cssSelector("#experiments img"));
                assertThat(charts).as("one chart per experiment").hasSize(2);
                for (WebElement chart : charts) {
                    wait.until(d -> (Boolean) ((JavascriptExecutor) d).executeScript(
                            "return arguments[0].complete && arguments[0].naturalWidth > 0", chart));
                    assertThat(chart.getSize().getWidth()).isPositive();
                    assertThat(chart.getSize().getHeight()).isPositive();
                }
                WebElement refusal = driver.findElement(By.cssSelector("#refusals .refused"));
                assertThat(refusal.isDisplayed()).isTrue();
                assertThat(refusal.getText()).contains("mallory", "schema version 999");
                assertThat(driver.findElement(By.id("experiments")).getText()).contains("bob (laptop-b): cold run in spawn");

                ((JavascriptExecutor) driver).executeScript("window.sameDocument = 'yes'");
                assertThat(client.post(code, "carol", WorkshopFixtures.results("laptop-c", 3, 0.7)).statusCode()).isEqualTo(201);
                wait.until(d -> headers(d).contains("carol (laptop-c)"));
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
                wait.until(d -> headers(d).contains("Dora Ž. (laptop-d)"));

                File shot = driver.getScreenshotAs(OutputType.FILE);
                Path kept = Path.of(System.getProperty("basedir", "."), "target", "workshop-browser.png");
                Files.createDirectories(kept.getParent());
                Files.copy(shot.toPath(), kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                assertThat(Files.size(kept)).isPositive();
            } finally {
                driver.quit();
            }
        }
    }

    /** The experiments' column headers, read in one script so that a redraw cannot interleave. */
    @SuppressWarnings("unchecked")
    private static List<String> headers(org.openqa.selenium.WebDriver driver) {
        return (List<String>) ((JavascriptExecutor) driver).executeScript(
                "return Array.from(document.querySelectorAll('#experiments th')).map(e => e.textContent)");
    }
}
