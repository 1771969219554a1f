// Seed 003's boids (Cha, "Boids 알고리즘 - Bird Flocking Simulation in C++", C++/SFML), headless:
// BirdShape::Separation, Alignment and Cohesion transcribed line by line from the seed's text,
// reading flocktune_config.hpp, with a stand-in for the two SFML pieces they use
// (sf::Vector2f and a shape's position), so they build and run without SFML.
//
//   g++ -std=c++17 -O2 -o seed003_step seed003_step.cpp
//   ./seed003_step STATE.csv FRAMES OUT.csv
//
// STATE.csv: a state CSV (step,kind,id,x,y,z,vx,vy,vz; `flocktune simulate --trace` writes one);
// OUT.csv gets the state of every frame (frame 0 is the input), z = 0.
//
// The seed prints the three rules, not its frame loop. Choices where it is silent (source → choice):
//   - the frame: every bird in id order runs Separation, Alignment, Cohesion on m_velocity, then
//     moves by it (setPosition(getPosition() + m_velocity), one frame = one time unit), so later
//     birds see the earlier ones already moved (flocktune's update "sequential");
//   - `flock` is every bird, the bird itself skipped by address as printed;
//   - config: flocktune::config of flocktune_config.hpp (the seed shows its constants as an image).
#include "flocktune_config.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace sf {
/** The part of SFML's sf::Vector2f the rules use. */
struct Vector2f {
    float x = 0.f, y = 0.f;
    Vector2f() = default;
    Vector2f(float x_, float y_) : x(x_), y(y_) {}
    Vector2f& operator+=(const Vector2f& o) { x += o.x; y += o.y; return *this; }
    Vector2f& operator/=(float s) { x /= s; y /= s; return *this; }
};
inline Vector2f operator-(const Vector2f& a, const Vector2f& b) { return {a.x - b.x, a.y - b.y}; }
inline Vector2f operator/(const Vector2f& a, float s) { return {a.x / s, a.y / s}; }
inline Vector2f operator*(const Vector2f& a, float s) { return {a.x * s, a.y * s}; }
}  // namespace sf

using flocktune::config;

class BirdShape {
public:
    BirdShape(int id, sf::Vector2f position, sf::Vector2f velocity) : m_id(id), m_position(position), m_velocity(velocity) {}
    int id() const { return m_id; }
    sf::Vector2f getPosition() const { return m_position; }
    sf::Vector2f getVelocity() const { return m_velocity; }
    void move() { m_position += m_velocity; }
    void Separation(const std::vector<BirdShape>& flock);
    void Alignment(const std::vector<BirdShape>& flock);
    void Cohesion(const std::vector<BirdShape>& flock);

private:
    int m_id;
    sf::Vector2f m_position;
    sf::Vector2f m_velocity;
};

// ---- the seed's code, as printed
void BirdShape::Separation(const std::vector<BirdShape>& flock)
{
    float desiredSeparation = config.desiredSeparation;
    float separationStrength = config.separationStrength;
    float maxSeparationForce = config.maxSeparationForce;

    sf::Vector2f steer{0.f, 0.f};
    int count = 0;

    for (const auto& other : flock) {
        if (&other == this) continue;

        sf::Vector2f diff = getPosition() - other.getPosition();
        float distSquared = diff.x * diff.x + diff.y * diff.y;

        if (distSquared > 0.f && distSquared < desiredSeparation * desiredSeparation) {
            sf::Vector2f away = diff / distSquared;
            steer += away;
            count++;
        }
    }

    if (count > 0) {
        steer /= static_cast<float>(count);

        float len = std::sqrt(steer.x * steer.x + steer.y * steer.y);
        if (len > 0.f) {
            steer = (steer / len) * std::min(separationStrength * len, maxSeparationForce);
            m_velocity += steer;
        }
    }
}

void BirdShape::Alignment(const std::vector<BirdShape>& flock)
{
    sf::Vector2f velocity = this->getVelocity();
    float birdAngle = std::atan2(velocity.y, velocity.x);
    float speed = std::sqrt(velocity.x * velocity.x + velocity.y * velocity.y);

    int count = 0;
    float angleSum = 0.f;

    for (const auto& other : flock) {
        if (&other == this) continue;
        sf::Vector2f otherVel = other.getVelocity();
        angleSum += std::atan2(otherVel.y, otherVel.x);
        count++;
    }

    if (count > 0) {
        float avgAngle = angleSum / static_cast<float>(count);

        float newAngle = birdAngle + (avgAngle - birdAngle) * config.alignmentStrength;

        m_velocity.x = std::cos(newAngle) * speed;
        m_velocity.y = std::sin(newAngle) * speed;
    }
}

void BirdShape::Cohesion(const std::vector<BirdShape>& flock)
{
    sf::Vector2f centerMass{0.f, 0.f};
    int count = 0;

    for (const auto& other : flock){
        if (&other == this) continue;
        centerMass += other.getPosition();
        count++;
    }
    if (count > 0) {
        centerMass /= static_cast<float>(count);
    }

    sf::Vector2f toCenter = centerMass - getPosition();
    float distance = std::sqrt(toCenter.x * toCenter.x + toCenter.y * toCenter.y);

    if (distance > 0.f) {
        toCenter /= distance;
        m_velocity += toCenter * config.cohesionStrength;
    }
}
// ---- end of the seed's code

static void write_frame(std::ofstream& out, int frame, const std::vector<BirdShape>& flock) {
    for (const BirdShape& b : flock) {
        out << frame << ",boid," << b.id() << ',' << b.getPosition().x << ',' << b.getPosition().y << ",0,"
            << b.getVelocity().x << ',' << b.getVelocity().y << ",0\n";
    }
}

int main(int argc, char** argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: seed003_step STATE.csv FRAMES OUT.csv\n");
        return 2;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::fprintf(stderr, "seed003_step: %s cannot be read\n", argv[1]);
        return 2;
    }
    int frames = std::atoi(argv[2]);
    std::string line;
    std::getline(in, line);
    std::vector<std::string> header;
    {
        std::istringstream s(line);
        for (std::string cell; std::getline(s, cell, ',');) header.push_back(cell);
    }
    auto column = [&](const char* name) { return std::find(header.begin(), header.end(), name) - header.begin(); };
    const long kind = column("kind"), id = column("id"), x = column("x"), y = column("y"), vx = column("vx"), vy = column("vy");
    std::vector<BirdShape> flock;
    while (std::getline(in, line)) {
        std::vector<std::string> cells;
        std::istringstream s(line);
        for (std::string cell; std::getline(s, cell, ',');) cells.push_back(cell);
        if (cells.size() < header.size() || cells[kind] != "boid") continue;
        flock.emplace_back(std::stoi(cells[id]), sf::Vector2f{std::stof(cells[x]), std::stof(cells[y])},
                           sf::Vector2f{std::stof(cells[vx]), std::stof(cells[vy])});
    }
    std::sort(flock.begin(), flock.end(), [](const BirdShape& a, const BirdShape& b) { return a.id() < b.id(); });
    std::ofstream out(argv[3]);
    out.precision(9);
    out << "step,kind,id,x,y,z,vx,vy,vz\n";
    write_frame(out, 0, flock);
    for (int frame = 1; frame <= frames; ++frame) {
        for (BirdShape& bird : flock) {
            bird.Separation(flock);
            bird.Alignment(flock);
            bird.Cohesion(flock);
            bird.move();
        }
        write_frame(out, frame, flock);
    }
    return 0;
}
